import { TIMING, type ConnectedDevice } from '@fleet/contract';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../../components/dialogs/dialog-buttons';
import { dialogErrorText } from '../../../components/dialogs';
import { openDialog } from '../../../components/dialogs/open-dialog';
import { useCountdown } from '../../../hooks/use-countdown';
import { useHubClient, useHubState } from '../../../hooks/use-hub';
import { HubCallError, type HubClient } from '../../../lib/hub/hub-client';
import { deviceMutations } from '../api/device-actions';
import { ActionFields, DEFAULT_INPUT, inputProblem, type ActionInput } from './action-fields';
import type { LiveAction } from './live-actions';
import { TaskProgress } from './task-progress';

type Phase =
  | { kind: 'form'; error: string | null }
  | { kind: 'sending' }
  | { kind: 'running'; taskId: string }
  | { kind: 'done'; answer: string | null }
  | { kind: 'failed'; message: string };

/** Actions whose outcome arrives later, as the task's end; the others end with their answer. */
const TASK_ACTIONS: readonly LiveAction[] = ['update', 'update_to_version', 'calibrate'];

async function send(
  client: HubClient,
  action: LiveAction,
  device: ConnectedDevice,
  input: ActionInput,
  attachStore: (storeCode: string) => Promise<unknown>,
) {
  const { serialNumber } = device;
  switch (action) {
    case 'update':
      return client.call('updateDevice', { serialNumber });
    case 'update_to_version':
      return client.call('updateDeviceToSpecificVersion', { serialNumber, version: input.version });
    case 'calibrate':
      return client.call('calibrate', { serialNumber });
    case 'renumber':
      return client.call('changeSerialNumber', {
        serialNumber,
        newSerialNumber: input.newSerialNumber.trim().toUpperCase(),
      });
    case 'modbus':
      return client.call('sendRawModbusCommand', {
        serialNumber,
        rawCommand: input.rawCommand.trim(),
        timeoutMs: input.timeoutMs,
      });
    case 'restart_boot':
      return client.call('restartInBootMode', { serialNumber, timeoutMs: input.timeoutMs });
    case 'restart_application':
      return client.call('restartInApplicationMode', { serialNumber, timeoutMs: input.timeoutMs });
    case 'eject':
      return client.call('ejectDevice', { userId: device.userId, serialNumber });
    case 'attach_store':
      return attachStore(input.storeCode.trim());
  }
}

/** Spec §2: the success screen, closing by itself after its countdown. */
function SuccessScreen({ text, onDone }: { text: string; onDone: () => void }) {
  const { t } = useTranslation();
  const left = useCountdown(TIMING.countdownSeconds, onDone);
  return (
    <Stack gap="sm">
      <Alert color="green" title={t('hub.dialog.done_title')}>
        {text}
      </Alert>
      <Group justify="space-between">
        <Text c="dimmed" size="sm" role="timer" aria-live="polite">
          {t('hub.dialog.closing_in', { seconds: left })}
        </Text>
        <Button onClick={onDone}>{t('common.actions.close')}</Button>
      </Group>
    </Stack>
  );
}

function LiveActionBody({
  action,
  serialNumber,
  finish,
}: {
  action: LiveAction;
  serialNumber: string;
  finish: (done: boolean) => void;
}) {
  const { t } = useTranslation();
  const client = useHubClient();
  // Attaching to a store is the device's own change: its page and the lists reload once it is done.
  const attach = useMutation(deviceMutations(serialNumber).attachStore);
  const live = useHubState().devices.get(serialNumber);
  // The device as it was when the dialog opened, should it leave meanwhile (ejected, restarted).
  const [opened] = useState(live);
  const device = live ?? opened!;
  const [input, setInput] = useState(DEFAULT_INPUT);
  const [tried, setTried] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'form', error: null });
  const problem = inputProblem(action, input);

  const run = async () => {
    setTried(true);
    if (problem || !client) return;
    setPhase({ kind: 'sending' });
    try {
      const result = (await send(client, action, device, input, attach.mutateAsync)) as {
        taskId?: string;
        answer?: string;
      };
      if (!TASK_ACTIONS.includes(action) || !result.taskId)
        return setPhase({ kind: 'done', answer: action === 'modbus' ? String(result.answer ?? '') : null });
      setPhase({ kind: 'running', taskId: result.taskId });
      const outcome = await client.waitForTask(result.taskId);
      setPhase(
        outcome.succeeded
          ? { kind: 'done', answer: null }
          : { kind: 'failed', message: outcome.message ?? t('hub.dialog.task_failed') },
      );
    } catch (error) {
      const message = dialogErrorText(error);
      const stillForm = !(error instanceof HubCallError && error.status === 503);
      setPhase(stillForm ? { kind: 'form', error: message } : { kind: 'failed', message });
    }
  };

  if (phase.kind === 'running')
    return (
      <Stack gap="sm">
        <Text>{t('hub.dialog.running', { serialNumber })}</Text>
        {live?.task ? <TaskProgress task={live.task} /> : <Text c="dimmed">{t('hub.dialog.waiting')}</Text>}
      </Stack>
    );
  if (phase.kind === 'done' && action === 'modbus')
    return (
      <Stack gap="sm">
        <Text>{t('hub.actions.modbus.answer')}</Text>
        <Code block aria-label={t('hub.actions.modbus.answer')}>
          {phase.answer}
        </Code>
        <Group justify="flex-end">
          <Button onClick={() => finish(true)}>{t('common.actions.close')}</Button>
        </Group>
      </Stack>
    );
  if (phase.kind === 'done')
    return (
      <SuccessScreen text={t(`hub.actions.${action}.done`, { serialNumber })} onDone={() => finish(true)} />
    );
  if (phase.kind === 'failed')
    return (
      <Stack gap="sm">
        <Alert color="red" title={t('hub.dialog.failed_title')}>
          {phase.message}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => finish(false)}>{t('common.actions.close')}</Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="sm">
      <ActionFields
        action={action}
        device={device}
        input={input}
        onChange={(change) => setInput((current) => ({ ...current, ...change }))}
        problem={problem}
        showProblem={tried}
      />
      {phase.kind === 'form' && phase.error && (
        <Alert color="red" role="alert">
          {phase.error}
        </Alert>
      )}
      <DialogButtons
        onCancel={() => finish(false)}
        onConfirm={() => void run()}
        confirmLabel={t(`hub.actions.${action}.confirm`)}
        busy={phase.kind === 'sending'}
        danger={action === 'eject' || action.startsWith('restart')}
      />
    </Stack>
  );
}

/** Opens the dialog of one action on a connected device; resolves true when it was done. */
export function openLiveAction(action: LiveAction, serialNumber: string, title: string): Promise<boolean> {
  return openDialog(
    title,
    (finish) => <LiveActionBody action={action} serialNumber={serialNumber} finish={finish} />,
    false,
    action === 'modbus' || action === 'update_to_version' ? 'wide' : 'narrow',
  );
}
