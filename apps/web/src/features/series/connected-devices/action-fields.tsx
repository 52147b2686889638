import {
  SERIAL_NUMBER_PATTERN,
  TIMEOUT_MS_MAX,
  TIMEOUT_MS_MIN,
  hubMethodArguments,
  storeCodeSchema,
  type ConnectedDevice,
} from '@fleet/contract';
import { NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceTypeQueryOptions } from '../../../lib/endpoints/device-types';
import type { LiveAction } from './live-actions';

/** What the user typed in an action's form. */
export interface ActionInput {
  version: string;
  newSerialNumber: string;
  storeCode: string;
  rawCommand: string;
  timeoutMs: number;
}

export const DEFAULT_INPUT: ActionInput = {
  version: '',
  newSerialNumber: '',
  storeCode: '',
  rawCommand: '',
  timeoutMs: 10_000,
};

const rawCommandSchema = hubMethodArguments.sendRawModbusCommand.shape.rawCommand;

/** The translation key of what is wrong with the input, or null when the action may go. */
export function inputProblem(action: LiveAction, input: ActionInput): string | null {
  const timeoutOk = input.timeoutMs >= TIMEOUT_MS_MIN && input.timeoutMs <= TIMEOUT_MS_MAX;
  switch (action) {
    case 'update_to_version':
      return input.version ? null : 'hub.actions.update_to_version.missing';
    case 'renumber':
      return SERIAL_NUMBER_PATTERN.test(input.newSerialNumber.trim().toUpperCase())
        ? null
        : 'hub.actions.renumber.invalid';
    case 'attach_store':
      return storeCodeSchema.safeParse(input.storeCode).success ? null : 'hub.actions.attach_store.invalid';
    case 'modbus':
      if (!rawCommandSchema.safeParse(input.rawCommand).success) return 'hub.actions.modbus.invalid';
      return timeoutOk ? null : 'hub.actions.timeout_invalid';
    case 'restart_boot':
    case 'restart_application':
      return timeoutOk ? null : 'hub.actions.timeout_invalid';
    default:
      return null;
  }
}

interface FieldsProps {
  action: LiveAction;
  device: ConnectedDevice;
  input: ActionInput;
  onChange: (change: Partial<ActionInput>) => void;
  problem: string | null;
  /** Problems show once the user tried to confirm. */
  showProblem: boolean;
}

function TimeoutField({ input, onChange }: Pick<FieldsProps, 'input' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('hub.actions.timeout')}
      description={t('hub.actions.timeout_hint', { min: TIMEOUT_MS_MIN, max: TIMEOUT_MS_MAX })}
      value={input.timeoutMs}
      min={TIMEOUT_MS_MIN}
      max={TIMEOUT_MS_MAX}
      step={1000}
      onChange={(value) => onChange({ timeoutMs: typeof value === 'number' ? value : 0 })}
    />
  );
}

function VersionField({ device, input, onChange, error }: FieldsProps & { error: string | null }) {
  const { t } = useTranslation();
  const type = device.serie?.deviceType ?? '';
  const versions = useQuery({ ...deviceTypeQueryOptions(type), enabled: type !== '' });
  const data = (versions.data?.versions ?? [])
    .filter((version) => version.availability !== 'withdrawn')
    .map((version) => ({
      value: version.number,
      label: `${version.number} (${t(`hub.kinds.${version.kind}`)})`,
    }));
  return (
    <Select
      label={t('hub.actions.update_to_version.field')}
      placeholder={versions.isLoading ? t('hub.actions.update_to_version.loading') : undefined}
      data={data}
      value={input.version || null}
      onChange={(value) => onChange({ version: value ?? '' })}
      searchable
      error={error}
      nothingFoundMessage={t('hub.actions.update_to_version.none')}
    />
  );
}

/** The form of one action: what it asks before it runs. */
export function ActionFields(props: FieldsProps) {
  const { t } = useTranslation();
  const { action, device, input, onChange, problem, showProblem } = props;
  const error = showProblem && problem ? t(problem) : null;
  const offer = device.updates[0];
  switch (action) {
    case 'update':
      return (
        <Text>
          {offer
            ? t('hub.actions.update.question', { version: offer.version, kind: t(`hub.kinds.${offer.kind}`) })
            : t('hub.updates.none')}
        </Text>
      );
    case 'update_to_version':
      return <VersionField {...props} error={error} />;
    case 'renumber':
      return (
        <TextInput
          label={t('hub.actions.renumber.field')}
          description={t('hub.actions.renumber.hint', { serialNumber: device.serialNumber })}
          value={input.newSerialNumber}
          onChange={(event) => onChange({ newSerialNumber: event.currentTarget.value })}
          error={error}
          data-autofocus
        />
      );
    case 'attach_store':
      return (
        <TextInput
          label={t('hub.actions.attach_store.field')}
          value={input.storeCode}
          onChange={(event) => onChange({ storeCode: event.currentTarget.value })}
          error={error}
          data-autofocus
        />
      );
    case 'modbus':
      return (
        <Stack gap="sm">
          <TextInput
            label={t('hub.actions.modbus.field')}
            description={t('hub.actions.modbus.hint')}
            value={input.rawCommand}
            onChange={(event) => onChange({ rawCommand: event.currentTarget.value })}
            error={problem === 'hub.actions.modbus.invalid' ? error : null}
            ff="monospace"
            data-autofocus
          />
          <TimeoutField input={input} onChange={onChange} />
          {problem === 'hub.actions.timeout_invalid' && error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
        </Stack>
      );
    case 'restart_boot':
    case 'restart_application':
      return (
        <Stack gap="sm">
          <Text>{t(`hub.actions.${action}.question`, { serialNumber: device.serialNumber })}</Text>
          <TimeoutField input={input} onChange={onChange} />
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
        </Stack>
      );
    default:
      return <Text>{t(`hub.actions.${action}.question`, { serialNumber: device.serialNumber })}</Text>;
  }
}
