import {
  DEFAULT_FAILURE_THRESHOLD_PERCENT,
  DEFAULT_WAVE_PERCENTS,
  DEFAULT_WAVE_WINDOW_MINUTES,
  MAX_WAVE_WINDOW_MINUTES,
  rolloutRequestSchema,
  type Rollout,
  type RolloutPreview,
  type RolloutRequest,
  type Version,
} from '@fleet/contract';
import {
  Alert,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../components/dialogs';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ValidationText } from '../../components/dialogs/validation-text';
import { ContractFormFrame } from '../../components/records/record-form';
import { useContractForm } from '../../hooks/use-contract-form';
import { filterSuggestionsQueryOptions } from '../../lib/endpoints/series-filter-suggestions';
import { i18n } from '../../lib/i18n';
import { previewRollout, startRolloutMutation } from './api';

/** "5, 25, 100" as the list of percents it names; null when it is not a list of numbers. */
export function parsePercents(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  return parts.map(Number);
}

/** Serial numbers pasted one per line, or separated by commas or spaces. */
const serialNumbersOf = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

function PreviewText({ preview }: { preview: RolloutPreview }) {
  const { t } = useTranslation();
  if (preview.devices === 0)
    return (
      <Alert color="orange" title={t('versions.rollout.preview_none')}>
        {t('versions.rollout.preview_up_to_date', { count: preview.upToDate })}
      </Alert>
    );
  return (
    <Alert
      color={preview.activeRolloutId ? 'orange' : 'blue'}
      title={t('versions.rollout.preview_title', { count: preview.devices })}
    >
      <Stack gap={4}>
        <Text size="sm">
          {t('versions.rollout.preview_waves', {
            count: preview.waves.length,
            sizes: preview.waves.join(' · '),
          })}
        </Text>
        {preview.earlyAccessDevices > 0 && (
          <Text size="sm">{t('versions.rollout.preview_early', { count: preview.earlyAccessDevices })}</Text>
        )}
        {preview.upToDate > 0 && (
          <Text size="sm">{t('versions.rollout.preview_up_to_date', { count: preview.upToDate })}</Text>
        )}
        {preview.activeRolloutId && (
          <Text size="sm" fw={600}>
            {t('versions.rollout.preview_blocked', { id: preview.activeRolloutId })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

interface RolloutFields {
  version: string;
  groups: string[];
  fromVersions: string[];
  serials: string;
  earlyOnly: boolean;
  waves: string;
  threshold: number | string;
  windowMinutes: number | string;
}

/** A number as typed: an empty field is missing, for the contract to say so. */
const typedNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The request the fields ask for, as typed, for the contract to say what it refuses. */
function requestOf(type: string) {
  return (fields: RolloutFields): RolloutRequest => {
    const serialNumbers = serialNumbersOf(fields.serials);
    return {
      deviceType: type,
      version: fields.version,
      filter: {
        ...(fields.groups.length ? { groupIds: fields.groups.map(Number) } : {}),
        ...(fields.fromVersions.length ? { currentVersions: fields.fromVersions } : {}),
        ...(serialNumbers.length ? { serialNumbers } : {}),
        ...(fields.earlyOnly ? { earlyAccessOnly: true } : {}),
      },
      wavePercents: parsePercents(fields.waves) ?? [],
      failureThresholdPercent: typedNumber(fields.threshold),
      waveWindowMinutes: typedNumber(fields.windowMinutes),
    };
  };
}

function RolloutBody({
  type,
  versions,
  chosen,
  finish,
}: {
  type: string;
  versions: readonly Version[];
  chosen: string | undefined;
  finish: (rollout: Rollout | null) => void;
}) {
  const { t } = useTranslation();
  const offerable = versions.filter((version) => version.availability !== 'withdrawn');
  const bodyOf = requestOf(type);
  const form = useContractForm(
    rolloutRequestSchema,
    {
      version: chosen ?? offerable[0]?.number ?? '',
      groups: [],
      fromVersions: [],
      serials: '',
      earlyOnly: false,
      waves: DEFAULT_WAVE_PERCENTS.join(', '),
      threshold: DEFAULT_FAILURE_THRESHOLD_PERCENT,
      windowMinutes: DEFAULT_WAVE_WINDOW_MINUTES,
    } satisfies RolloutFields,
    bodyOf,
  );
  const { values, set } = form;
  const suggestions = useQuery(filterSuggestionsQueryOptions(true));

  const kind = versions.find((v) => v.number === values.version)?.kind ?? 'software';
  const request = bodyOf(values);
  const checked = rolloutRequestSchema.safeParse(request);
  const [debounced] = useDebouncedValue(checked.success ? JSON.stringify(request) : null, 400);
  const preview = useQuery({
    queryKey: ['rollout-preview', debounced],
    queryFn: ({ signal }) => previewRollout(JSON.parse(debounced!) as RolloutRequest, signal),
    enabled: debounced !== null,
    retry: false,
  });

  const start = useMutation(startRolloutMutation);
  // Waves are typed as a list: whatever is wrong with them, the hint says how to write them.
  const wavesProblem = form.error('wavePercents');

  const running = versions.filter((v) => v.kind === kind).map((v) => v.number);
  return (
    <ContractFormFrame
      form={form}
      save={(body) => start.mutateAsync(body)}
      onSaved={finish}
      onCancel={() => finish(null)}
      confirmLabel={t('versions.rollout.submit')}
      // Nothing to roll out, or a rollout of the type already runs: the preview says which.
      held={preview.data?.devices === 0 || preview.data?.activeRolloutId != null}
    >
      <Select
        label={t('versions.rollout.version')}
        value={values.version}
        onChange={(value) => value && set('version', value)}
        allowDeselect={false}
        data={offerable.map((v) => ({
          value: v.number,
          label: `${v.number} · ${t(`versions.kind.${v.kind}`)} · ${t(`versions.availability.${v.availability}`)}`,
        }))}
        data-autofocus
      />
      <Text size="sm" fw={600}>
        {t('versions.rollout.devices')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={t('versions.rollout.groups')}
          placeholder={t('versions.rollout.any')}
          data={(suggestions.data?.groups ?? []).map((group) => ({
            value: String(group.groupId),
            label: group.groupName,
          }))}
          value={values.groups}
          onChange={(value) => set('groups', value)}
          searchable
          clearable
        />
        <MultiSelect
          label={t('versions.rollout.from_versions')}
          placeholder={t('versions.rollout.any')}
          data={running}
          value={values.fromVersions}
          onChange={(value) => set('fromVersions', value)}
          searchable
          clearable
        />
      </SimpleGrid>
      <Textarea
        label={t('versions.rollout.serial_numbers')}
        description={t('versions.rollout.serial_numbers_hint')}
        value={values.serials}
        onChange={(event) => set('serials', event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        error={form.error('filter')}
      />
      <Switch
        label={t('versions.rollout.early_only')}
        checked={values.earlyOnly}
        onChange={(event) => set('earlyOnly', event.currentTarget.checked)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('versions.rollout.waves')}
          description={t('versions.rollout.waves_hint')}
          value={values.waves}
          onChange={(event) => set('waves', event.currentTarget.value)}
          error={wavesProblem && t('versions.rollout.waves_invalid')}
        />
        <NumberInput
          label={t('versions.rollout.threshold')}
          description={t('versions.rollout.threshold_hint')}
          value={values.threshold}
          onChange={(value) => set('threshold', value)}
          min={0}
          max={100}
          suffix=" %"
          error={form.error('failureThresholdPercent')}
        />
        <NumberInput
          label={t('versions.rollout.window')}
          description={t('versions.rollout.window_hint')}
          value={values.windowMinutes}
          onChange={(value) => set('windowMinutes', value)}
          min={1}
          max={MAX_WAVE_WINDOW_MINUTES}
          error={form.error('waveWindowMinutes')}
        />
      </SimpleGrid>
      {preview.data && <PreviewText preview={preview.data} />}
      {preview.isError && (
        <ValidationText message={{ kind: 'error', text: dialogErrorText(preview.error) }} />
      )}
    </ContractFormFrame>
  );
}

/** Starts a rollout of one of the type's versions (VERSIONS.EAPONSPECIFIED), previewed first. */
export function openRolloutDialog(
  type: string,
  versions: readonly Version[],
  chosen?: string,
): Promise<Rollout | null> {
  return openDialog<Rollout | null>(
    i18n.t('versions.rollout.title', { type }),
    (finish) => <RolloutBody type={type} versions={versions} chosen={chosen} finish={finish} />,
    null,
    'wide',
  );
}
