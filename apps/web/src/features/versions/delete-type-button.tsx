import type { DeviceTypeDetail } from '@fleet/contract';
import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirm } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { paths } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { deleteDeviceTypeMutation } from './api';

/**
 * Deletes a declared device type (VERSIONS.DELETESPECIFIED) once nothing uses it; while devices or
 * versions have it, the button says why it is disabled.
 */
export function DeleteTypeButton({ detail }: { detail: DeviceTypeDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deletion = useMutation(deleteDeviceTypeMutation);
  const canDelete = useCanUse('VERSIONS.DELETESPECIFIED');
  if (!canDelete || !detail.declared) return null;
  // Why it cannot go yet: its devices, else its versions.
  const reason =
    detail.devices > 0
      ? t('versions.types.delete_devices', { count: detail.devices })
      : detail.versions.length > 0
        ? t('versions.types.delete_versions', { count: detail.versions.length })
        : null;
  const remove = async () => {
    const sure = await confirm({
      title: t('versions.types.delete_title', { type: detail.type }),
      message: t('versions.types.delete_text'),
      confirmLabel: t('versions.types.delete'),
      danger: true,
    });
    if (!sure) return;
    try {
      await deletion.mutateAsync(detail.type);
      showSuccess(t('versions.types.deleted', { type: detail.type }));
      navigate(paths.version.path);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="subtle"
        color="red"
        disabled={reason !== null}
        loading={deletion.isPending}
        onClick={() => void remove()}
        aria-describedby={reason ? 'delete-type-reason' : undefined}
      >
        {t('versions.types.delete')}
      </Button>
      {reason && (
        <Text size="xs" c="dimmed" id="delete-type-reason" maw={220}>
          {reason}
        </Text>
      )}
    </Group>
  );
}
