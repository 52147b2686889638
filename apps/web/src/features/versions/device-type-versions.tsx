import type { DeviceTypeDetail, Version } from '@fleet/contract';
import { Badge, Button, Group, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CallState } from '../../components/call-state';
import { showSuccess } from '../../components/show-success';
import { rolloutPath } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { useDateFormat } from '../../hooks/use-date-format';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { formatBytes } from '../../lib/format-bytes';
import { htmlLang } from '../../lib/i18n';
import { deviceTypeQueryOptions } from './api';
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

function VersionsTable({
  detail,
  onRollOut,
}: {
  detail: DeviceTypeDetail;
  onRollOut: (version: Version) => void;
}) {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const locale = htmlLang(i18n.resolvedLanguage ?? 'en');
  if (detail.versions.length === 0)
    return (
      <Stack align="center" gap={4} py="lg" ta="center">
        <Text fw={600}>{t('versions.table.none')}</Text>
        <Text c="dimmed" size="sm">
          {t('versions.table.none_hint')}
        </Text>
      </Stack>
    );
  const column = (key: string) => <Table.Th>{t(`versions.table.${key}`)}</Table.Th>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label={t('versions.table.label', { type: detail.type })}>
        <Table.Thead>
          <Table.Tr>
            {column('number')}
            {column('kind')}
            {column('availability')}
            {column('size')}
            {column('uploaded')}
            {column('devices')}
            {column('notes')}
            <Table.Th>
              <VisuallyHidden>{t('versions.table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.versions.map((version) => (
            <Table.Tr key={version.number}>
              <Table.Td fw={600}>{version.number}</Table.Td>
              <Table.Td>{t(`versions.kind.${version.kind}`)}</Table.Td>
              <Table.Td>
                <VersionBadges version={version} />
              </Table.Td>
              <Table.Td>
                <Tooltip label={`SHA-256 ${version.sha256}`} multiline w={320}>
                  <span>{formatBytes(version.size, locale)}</span>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{date.short(version.uploadedAt)}</Text>
                <Text size="xs" c="dimmed">
                  {version.uploadedBy}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{version.devices}</Text>
                {version.updating > 0 && (
                  <Text size="xs" c="blue">
                    {t('versions.table.updating', { count: version.updating })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" lineClamp={2} title={version.notes}>
                  {version.notes}
                </Text>
              </Table.Td>
              <Table.Td>
                <VersionActions type={detail.type} version={version} onRollOut={() => onRollOut(version)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
