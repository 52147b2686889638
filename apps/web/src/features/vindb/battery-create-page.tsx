import type { BatteryBody, BatteryBodyInput } from '@fleet/contract';
import { Button, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showSuccess } from '../../components/show-success';
import { batteryPath, paths } from '../../config/paths';
import { createBatteryMutation } from './api';
import { BatteryForm } from './battery-form';

/** A new battery (VINDB.BATTERY.CREATE). */
export function BatteryCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useMutation(createBatteryMutation);
  const save = async (body: BatteryBody) => {
    const created = await create.mutateAsync(body);
    showSuccess(t('vindb.battery.created', { reference: created.reference }));
    void navigate(batteryPath(created.reference));
  };
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('vindb.battery.create_title')}
      </Title>
      <BatteryForm
        creating
        // No chemistry or voltage until chosen: the form says they are required.
        initial={{ reference: '', maker: '', voltage: Number.NaN } as BatteryBodyInput}
        save={save}
        saveLabel={t('vindb.actions.create')}
        actions={
          <Button variant="default" component={Link} to={paths.vindbBattery.path}>
            {t('common.actions.cancel')}
          </Button>
        }
      />
    </Stack>
  );
}
