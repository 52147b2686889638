import type { DeviceTypeDetail, Version } from '@fleet/contract';
import { Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CallState } from '../../components/call-state';
import { showSuccess } from '../../components/show-success';
import { DataTable, type DataColumn } from '../../components/table/data-table';
import { rolloutPath } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { useDateFormat } from '../../hooks/use-date-format';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { formatBytes } from '../../lib/format-bytes';
import { htmlLang } from '../../lib/i18n';
import { deviceTypeQueryOptions } from './api';
import { DeleteTypeButton } from './delete-type-button';
import { openRolloutDialog } from './rollout-dialog';
import { RolloutsList } from './rollouts-list';
import { openUploadDialog } from './upload-dialog';
import { VersionActions } from './version-actions';

const AVAILABILITY_COLORS = { general: 'teal', early: 'violet', withdrawn: 'gray' } as const;

function VersionBadges({ version }: { version: Version }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Badge variant="light" color={AVAILABILITY_COLORS[version.availability]}>
        {t(`versions.availability.${version.availability}`)}
      </Badge>
      {version.inRollout && (
        <Badge variant="outline" color="blue">
          {t('versions.table.in_rollout')}
        </Badge>
      )}
    </Group>
  );
}

/** The columns of a type's versions, the last one its actions. */
function useVersionColumns(type: string, onRollOut: (version: Version) => void): DataColumn<Version>[] {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const locale = htmlLang(i18n.resolvedLanguage ?? 'en');
  return [
    {
      prop: 'number',
      labelLang: 'versions.table.number',
      cell: (version) => (
        <Text span inherit fw={600}>
          {version.number}
        </Text>
      ),
    },
    { prop: 'kind', labelLang: 'versions.table.kind', cell: (version) => t(`versions.kind.${version.kind}`) },
    {
      prop: 'availability',
      labelLang: 'versions.table.availability',
      type: 'status',
      cell: (version) => <VersionBadges version={version} />,
    },
    {
      prop: 'size',
      labelLang: 'versions.table.size',
      type: 'number',
      cell: (version) => (
        <Tooltip label={`SHA-256 ${version.sha256}`} multiline w={320}>
          <span>{formatBytes(version.size, locale)}</span>
        </Tooltip>
      ),
    },
    {
      prop: 'uploaded',
      labelLang: 'versions.table.uploaded',
      forceNormalWordBreak: true,
      cell: (version) => (
        <>
          <Text size="sm">{date.short(version.uploadedAt)}</Text>
          <Text size="xs" c="dimmed">
            {version.uploadedBy}
          </Text>
        </>
      ),
    },
    {
      prop: 'devices',
      labelLang: 'versions.table.devices',
      type: 'number',
      cell: (version) => (
        <>
          <Text size="sm">{version.devices}</Text>
          {version.updating > 0 && (
            <Text size="xs" c="blue">
              {t('versions.table.updating', { count: version.updating })}
            </Text>
          )}
        </>
      ),
    },
    {
      prop: 'notes',
      labelLang: 'versions.table.notes',
      forceNormalWordBreak: true,
      cell: (version) => (
        <Text size="sm" lineClamp={2} title={version.notes} maw={280}>
          {version.notes}
        </Text>
      ),
    },
    {
      prop: 'actions',
      hideLabel: true,
      labelLang: 'versions.table.actions',
      type: 'action',
      cell: (version) => (
        <VersionActions type={type} version={version} onRollOut={() => onRollOut(version)} />
      ),
    },
  ];
}

function VersionsTable({
  detail,
  onRollOut,
}: {
  detail: DeviceTypeDetail;
  onRollOut: (version: Version) => void;
}) {
  const { t } = useTranslation();
  const columns = useVersionColumns(detail.type, onRollOut);
  if (detail.versions.length === 0)
    return (
      <Stack align="center" gap={4} py="lg" ta="center">
        <Text fw={600}>{t('versions.table.none')}</Text>
        <Text c="dimmed" size="sm">
          {t('versions.table.none_hint')}
        </Text>
      </Stack>
    );
  return (
    <DataTable
      label={t('versions.table.label', { type: detail.type })}
      columns={columns}
      items={detail.versions}
      rowKey={(version) => version.number}
      minWidth={900}
    />
  );
}

/** One device type: its versions with their actions, then its rollouts. */
export function DeviceTypeVersions({ type }: { type: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useQuery(deviceTypeQueryOptions(type));
  useErrorToastOnce(detail, { action: 'versions.type', resetKey: type });
  const canUpload = useCanUse('VERSIONS.UPLOAD');
  const canRollOut = useCanUse('VERSIONS.EAPONSPECIFIED');

  const upload = async () => {
    const version = await openUploadDialog(type);
    if (!version) return;
    showSuccess(t('versions.upload.done', { version: version.number, type }));
  };
  const rollOut = async (versions: readonly Version[], chosen?: Version) => {
    const rollout = await openRolloutDialog(type, versions, chosen?.number);
    if (!rollout) return;
    showSuccess(t('versions.rollout.started', { id: rollout.id, version: rollout.version }));
    navigate(rolloutPath(rollout.id));
  };

  return (
    <CallState call={detail}>
      {(answer) => (
        <Stack gap="xl">
          <Stack gap="sm" component="section" aria-labelledby="type-versions">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Title order={2} size="h3" id="type-versions">
                  {answer.type}
                </Title>
                <Text c="dimmed" size="sm">
                  {t('versions.types.devices', { count: answer.devices })} ·{' '}
                  {t('versions.table.count', { count: answer.versions.length })}
                </Text>
              </div>
              <Group gap="xs">
                <DeleteTypeButton detail={answer} />
                {canRollOut && (
                  <Button
                    variant="default"
                    disabled={!answer.versions.some((v) => v.availability !== 'withdrawn')}
                    onClick={() => void rollOut(answer.versions)}
                  >
                    {t('versions.rollout.start')}
                  </Button>
                )}
                {canUpload && <Button onClick={() => void upload()}>{t('versions.upload.open')}</Button>}
              </Group>
            </Group>
            <VersionsTable detail={answer} onRollOut={(version) => void rollOut(answer.versions, version)} />
          </Stack>
          <RolloutsList type={answer.type} />
        </Stack>
      )}
    </CallState>
  );
}
