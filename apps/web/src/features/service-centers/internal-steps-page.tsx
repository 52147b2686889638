import { INTERNAL_STEPS_MAX, internalStepsBodySchema, type InternalStepsAnswer } from '@fleet/contract';
import { ActionIcon, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../components/call-state';
import { ValidationText } from '../../components/dialogs/validation-text';
import { showSuccess } from '../../components/show-success';
import { useContractForm } from '../../hooks/use-contract-form';
import { shopServiceCentersQuery } from '../../lib/endpoints/service-centers';
import { internalStepsQuery, saveInternalStepsMutation } from './api';
import { OrdersAtSteps } from './orders-at-steps';
import { PageFrame } from '../../components/page-frame';

interface DraftStep {
  id: number | null;
  name: string;
  orderCount: number;
}

/** A center's steps being edited: reordered, renamed, added, stopped; saved as a whole. */
function StepsEditor({ centerId, answer }: { centerId: number; answer: InternalStepsAnswer }) {
  const { t } = useTranslation();
  const saveSteps = useMutation(saveInternalStepsMutation);
  const form = useContractForm<typeof internalStepsBodySchema, { steps: DraftStep[] }>(
    internalStepsBodySchema,
    {
      steps: answer.steps
        .filter((step) => step.active)
        .map((step) => ({ id: step.id, name: step.name, orderCount: step.orderCount })),
    },
    ({ steps }) => ({ steps: steps.map(({ id, name }) => ({ id, name })) }),
  );
  const steps = form.values.steps;
  const setSteps = (next: DraftStep[]) => form.set('steps', next);
  const valid = internalStepsBodySchema.safeParse({
    steps: steps.map(({ id, name }) => ({ id, name })),
  }).success;
  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    setSteps(next);
  };
  const save = () =>
    void form
      // The center's steps reload once saved, and the editor starts again from them.
      .submit((body) => saveSteps.mutateAsync({ centerId, body }))
      .then((saved) => saved && showSuccess(t('internal_steps.saved')));
  const stopped = answer.steps.filter((step) => !step.active);
  return (
    <Stack gap="sm" maw={720}>
      <ol style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }} aria-label={t('internal_steps.list')}>
        {steps.map((step, index) => (
          <li key={step.id ?? `new-${index}`} data-testid="internal-step">
            <Group gap="xs" wrap="nowrap" mb="xs" align="flex-end">
              <Text w={24} ta="right" c="dimmed" pb={8}>
                {index + 1}
              </Text>
              <TextInput
                style={{ flex: 1 }}
                label={t('internal_steps.name', { position: index + 1 })}
                value={step.name}
                maxLength={80}
                error={
                  step.name.trim() === '' ? t('internal_steps.required') : form.error(`steps.${index}.name`)
                }
                onChange={(event) =>
                  setSteps(steps.map((s, i) => (i === index ? { ...s, name: event.currentTarget.value } : s)))
                }
              />
              {step.orderCount > 0 && (
                <Badge variant="light" mb={8}>
                  {t('internal_steps.orders_here', { count: step.orderCount })}
                </Badge>
              )}
              <ActionIcon
                variant="subtle"
                mb={4}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={t('internal_steps.up', { name: step.name })}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                mb={4}
                disabled={index === steps.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t('internal_steps.down', { name: step.name })}
              >
                ↓
              </ActionIcon>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                mb={4}
                disabled={step.orderCount > 0}
                title={step.orderCount > 0 ? t('internal_steps.busy') : undefined}
                onClick={() => setSteps(steps.filter((_, i) => i !== index))}
                aria-label={t('internal_steps.stop', { name: step.name })}
              >
                {t('internal_steps.stop_short')}
              </Button>
            </Group>
          </li>
        ))}
      </ol>
      {steps.length === 0 && <Text c="dimmed">{t('internal_steps.none')}</Text>}
      <Group>
        <Button
          variant="light"
          disabled={steps.length >= INTERNAL_STEPS_MAX}
          onClick={() => setSteps([...steps, { id: null, name: '', orderCount: 0 }])}
        >
          {t('internal_steps.add')}
        </Button>
        <Button onClick={save} loading={form.busy} disabled={!valid || !form.changed}>
          {t('internal_steps.save')}
        </Button>
      </Group>
      <ValidationText message={form.failure ? { kind: 'error', text: form.failure } : null} />
      {stopped.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('internal_steps.stopped', { names: stopped.map((step) => step.name).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Internal steps management (SHOPPING.MANAGE.INTERNAL_STEPS): the steps an order goes through at a
 * service center once received, in order; partners edit their own centers'.
 */
export function InternalStepsPage() {
  const { t } = useTranslation();
  const centers = useQuery(shopServiceCentersQuery);
  const [chosen, setChosen] = useState<number | null>(null);
  const centerId = chosen ?? centers.data?.serviceCenters[0]?.id ?? null;
  const steps = useQuery({ ...internalStepsQuery(centerId ?? 0), enabled: centerId !== null });
  return (
    <PageFrame title={t('internal_steps.title')} intro={t('internal_steps.intro')}>
      <Stack gap="md">
        <Select
          label={t('internal_steps.center')}
          maw={420}
          data={(centers.data?.serviceCenters ?? []).map((center) => ({
            value: String(center.id),
            label: center.name,
          }))}
          value={centerId === null ? null : String(centerId)}
          onChange={(value) => value && setChosen(Number(value))}
          allowDeselect={false}
        />
        {centerId !== null && (
          <CallState call={steps}>
            {(answer) => (
              <Stack gap="xl">
                <StepsEditor key={`${centerId}-${steps.dataUpdatedAt}`} centerId={centerId} answer={answer} />
                <OrdersAtSteps answer={answer} />
              </Stack>
            )}
          </CallState>
        )}
      </Stack>
    </PageFrame>
  );
}
