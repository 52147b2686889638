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
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogErrorText } from '../../components/dialogs';
import { DialogButtons } from '../../components/dialogs/dialog-buttons';
import { openDialog } from '../../components/dialogs/open-dialog';
import { ValidationText } from '../../components/dialogs/validation-text';
import { filterSuggestionsQueryOptions } from '../../lib/endpoints/series-filter-suggestions';
import { i18n } from '../../lib/i18n';
import { previewRollout, startRollout } from './api';

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
  const [version, setVersion] = useState(chosen ?? offerable[0]?.number ?? '');
  const [groups, setGroups] = useState<string[]>([]);
  const [fromVersions, setFromVersions] = useState<string[]>([]);
  const [serials, setSerials] = useState('');
  const [earlyOnly, setEarlyOnly] = useState(false);
  const [waves, setWaves] = useState(DEFAULT_WAVE_PERCENTS.join(', '));
  const [threshold, setThreshold] = useState<number | string>(DEFAULT_FAILURE_THRESHOLD_PERCENT);
  const [windowMinutes, setWindowMinutes] = useState<number | string>(DEFAULT_WAVE_WINDOW_MINUTES);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const suggestions = useQuery(filterSuggestionsQueryOptions(true));

  const kind = versions.find((v) => v.number === version)?.kind ?? 'software';
  const serialNumbers = serialNumbersOf(serials);
  const request: RolloutRequest = {
    deviceType: type,
    version,
    filter: {
      ...(groups.length ? { groupIds: groups.map(Number) } : {}),
      ...(fromVersions.length ? { currentVersions: fromVersions } : {}),
      ...(serialNumbers.length ? { serialNumbers } : {}),
      ...(earlyOnly ? { earlyAccessOnly: true } : {}),
    },
    wavePercents: parsePercents(waves) ?? [],
    failureThresholdPercent: Number(threshold),
    waveWindowMinutes: Number(windowMinutes),
  };
  const checked = rolloutRequestSchema.safeParse(request);
  const problem = (field: string) =>
    checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === field)?.message;
  const [debounced] = useDebouncedValue(checked.success ? JSON.stringify(request) : null, 400);
  const preview = useQuery({
    queryKey: ['rollout-preview', debounced],
    queryFn: ({ signal }) => previewRollout(JSON.parse(debounced!) as RolloutRequest, signal),
    enabled: debounced !== null,
    retry: false,
  });

  const submit = async () => {
    if (!checked.success) return;
    setBusy(true);
    setFailure(null);
    try {
      finish(await startRollout(request));
    } catch (error) {
      setFailure(dialogErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  const running = versions.filter((v) => v.kind === kind).map((v) => v.number);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Select
          label={t('versions.rollout.version')}
          value={version}
          onChange={(value) => value && setVersion(value)}
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
            value={groups}
            onChange={setGroups}
            searchable
            clearable
          />
          <MultiSelect
            label={t('versions.rollout.from_versions')}
            placeholder={t('versions.rollout.any')}
            data={running}
            value={fromVersions}
            onChange={setFromVersions}
            searchable
            clearable
          />
        </SimpleGrid>
        <Textarea
          label={t('versions.rollout.serial_numbers')}
          description={t('versions.rollout.serial_numbers_hint')}
          value={serials}
          onChange={(event) => setSerials(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          error={problem('filter')}
        />
        <Switch
          label={t('versions.rollout.early_only')}
          checked={earlyOnly}
          onChange={(event) => setEarlyOnly(event.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('versions.rollout.waves')}
            description={t('versions.rollout.waves_hint')}
            value={waves}
            onChange={(event) => setWaves(event.currentTarget.value)}
            error={problem('wavePercents') ? t('versions.rollout.waves_invalid') : undefined}
          />
          <NumberInput
            label={t('versions.rollout.threshold')}
            description={t('versions.rollout.threshold_hint')}
            value={threshold}
            onChange={setThreshold}
            min={0}
            max={100}
            suffix=" %"
            error={problem('failureThresholdPercent')}
          />
          <NumberInput
            label={t('versions.rollout.window')}
            description={t('versions.rollout.window_hint')}
            value={windowMinutes}
            onChange={setWindowMinutes}
            min={1}
            max={MAX_WAVE_WINDOW_MINUTES}
            error={problem('waveWindowMinutes')}
          />
        </SimpleGrid>
        {preview.data && <PreviewText preview={preview.data} />}
        {preview.isError && (
          <ValidationText message={{ kind: 'error', text: dialogErrorText(preview.error) }} />
        )}
        <ValidationText message={failure ? { kind: 'error', text: failure } : null} />
      </Stack>
      <DialogButtons
        onCancel={() => finish(null)}
        onConfirm={() => void submit()}
        confirmLabel={t('versions.rollout.submit')}
        confirmDisabled={
          !checked.success || preview.data?.devices === 0 || preview.data?.activeRolloutId != null
        }
        busy={busy}
      />
    </form>
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
