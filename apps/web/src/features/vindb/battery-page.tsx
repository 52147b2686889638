import type { Battery } from '@fleet/contract';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { CallError, CallLoading } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { paths } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { ApiError } from '../../lib/api';
import { batteryQueryOptions, deleteBatteryMutation, updateBatteryMutation } from './api';
import { BatteryFacts, ChangedBy, vehiclesOfBattery } from './battery-view';
import { BatteryForm } from './battery-form';

/** A recorded battery's fields, changed in place; deleted once no vehicle names it. */
function BatteryEditor({ battery }: { battery: Battery }) {
  const { t } = useTranslation();
  const deleteCall = useMutation(deleteBatteryMutation);
  const updateCall = useMutation(updateBatteryMutation);
  const navigate = useNavigate();
  const inUse = battery.vehicleCount > 0;
  const remove = async () => {
    const confirmed = await confirm({
      title: t('vindb.battery.delete_title'),
      message: t('vindb.battery.delete_message', { reference: battery.reference }),
      confirmLabel: t('vindb.actions.delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteCall.mutateAsync(battery.reference);
      showSuccess(t('vindb.battery.deleted', { reference: battery.reference }));
      void navigate(paths.vindbBattery.path);
    } catch (error) {
      showError(error, 'vindb.battery.delete');
    }
  };
  return (
    <BatteryForm
      key={battery.updatedAt}
      creating={false}
      initial={{ ...battery }}
      save={async ({ reference: _reference, ...change }) => {
        await updateCall.mutateAsync({ reference: battery.reference, body: change });
        showSuccess(t('vindb.battery.saved', { reference: battery.reference }));
      }}
      saveLabel={t('vindb.actions.save')}
      actions={
        <Button variant="subtle" color="red" onClick={() => void remove()} disabled={inUse}>
          {t('vindb.actions.delete')}
        </Button>
      }
    />
  );
}

/**
 * A battery of the VIN database (VINDB.BATTERY.DETAILS), by its reference, with the vehicles that take
 * it. Holders of VINDB.BATTERY.CREATE change it here.
 */
export function BatteryPage() {
  const { t } = useTranslation();
  const reference = (useParams().reference ?? '').toUpperCase();
  const edits = useCanUse('VINDB.BATTERY.CREATE');
  const listsVehicles = useCanUse('VINDB.CAR');
  const battery = useQuery(batteryQueryOptions(reference));
  if (battery.error instanceof ApiError && [400, 404].includes(battery.error.status ?? 0))
    return <Navigate to={paths.notFound.path} replace />;
  const record = battery.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {reference}
      </Title>
      {battery.isError ? (
        <CallError error={battery.error} onRetry={() => void battery.refetch()} />
      ) : !record ? (
        <CallLoading />
      ) : (
        <>
          {edits ? (
            <BatteryEditor battery={record} />
          ) : (
            <Paper withBorder p="md">
              <BatteryFacts battery={record} />
            </Paper>
          )}
          <Text size="sm">
            {listsVehicles && record.vehicleCount > 0 ? (
              <Anchor component={Link} to={vehiclesOfBattery(record.reference)}>
                {t('vindb.battery.vehicles', { count: record.vehicleCount })}
              </Anchor>
            ) : (
              t('vindb.battery.vehicles', { count: record.vehicleCount })
            )}
          </Text>
          {edits && record.vehicleCount > 0 && (
            <Text size="xs" c="dimmed">
              {t('vindb.battery.in_use')}
            </Text>
          )}
          <ChangedBy record={record} />
        </>
      )}
    </Stack>
  );
}
