import type { VehicleDetail } from '@fleet/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CallError, CallLoading } from '../../components/call-state';
import { confirm } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { paths } from '../../config/paths';
import { useCanUse } from '../../hooks/use-can-use';
import { deleteVehicleMutation, updateVehicleMutation, vehicleQueryOptions } from './api';
import { BatteryFacts, ChangedBy, Fact } from './battery-view';
import { VehicleForm } from './vehicle-form';

/** A VIN no vehicle is recorded for: said, with the offer to add it. */
function NotRecorded({ vin }: { vin: string }) {
  const { t } = useTranslation();
  const creates = useCanUse('VINDB.CAR.CREATE');
  return (
    <Alert color="gray" title={t('vindb.vehicle.not_recorded_title')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('vindb.vehicle.not_recorded', { vin })}</Text>
        {creates && (
          <Button
            component={Link}
            to={`${paths.vindbCarCreate.path}?${new URLSearchParams({ vin })}`}
            size="compact-sm"
          >
            {t('vindb.vehicle.add')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The record as those who may not change it see it. */
function VehicleFacts({ vehicle }: { vehicle: VehicleDetail }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label={t('vindb.fields.make')}>{vehicle.make}</Fact>
        <Fact label={t('vindb.fields.model')}>{vehicle.model}</Fact>
        <Fact label={t('vindb.fields.year')}>{vehicle.year}</Fact>
        <Fact label={t('vindb.fields.engine')}>{vehicle.engine}</Fact>
        <Fact label={t('vindb.fields.notes')}>{vehicle.notes}</Fact>
      </SimpleGrid>
    </Paper>
  );
}

/** A recorded vehicle's fields, changed in place by those who hold VINDB.CAR.CREATE; or deleted. */
function VehicleEditor({ vehicle }: { vehicle: VehicleDetail }) {
  const { t } = useTranslation();
  const deleteCall = useMutation(deleteVehicleMutation);
  const updateCall = useMutation(updateVehicleMutation);
  const navigate = useNavigate();
  const remove = async () => {
    const confirmed = await confirm({
      title: t('vindb.vehicle.delete_title'),
      message: t('vindb.vehicle.delete_message', { vin: vehicle.vin }),
      confirmLabel: t('vindb.actions.delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteCall.mutateAsync(vehicle.vin);
      showSuccess(t('vindb.vehicle.deleted', { vin: vehicle.vin }));
      void navigate(paths.vindbCar.path);
    } catch (error) {
      showError(error, 'vindb.vehicle.delete');
    }
  };
  return (
    <VehicleForm
      key={vehicle.updatedAt}
      creating={false}
      initial={{
        vin: vehicle.vin,
        make: vehicle.make,
        model: vehicle.model,
        year: vehicle.year,
        engine: vehicle.engine,
        batteryReference: vehicle.batteryReference,
        notes: vehicle.notes,
      }}
      save={async ({ vin: _vin, ...change }) => {
        await updateCall.mutateAsync({ vin: vehicle.vin, body: change });
        showSuccess(t('vindb.vehicle.saved', { vin: vehicle.vin }));
      }}
      saveLabel={t('vindb.actions.save')}
      actions={
        <Button variant="subtle" color="red" onClick={() => void remove()}>
          {t('vindb.actions.delete')}
        </Button>
      }
    />
  );
}

/**
 * A vehicle of the VIN database (VINDB.CAR.DETAILS), by its VIN: what it is, the battery it takes, and a
 * check digit that is wrong where a region may leave it out. Holders of VINDB.CAR.CREATE change it here.
 */
export function VehiclePage() {
  const { t } = useTranslation();
  const vin = (useParams().vin ?? '').toUpperCase();
  const edits = useCanUse('VINDB.CAR.CREATE');
  const vehicle = useQuery(vehicleQueryOptions(vin));
  const record = vehicle.data;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h3" ff="monospace">
          {vin}
        </Title>
        {record && (
          <Text c="dimmed" data-testid="vehicle-summary">
            {record.make} {record.model} · {record.year}
          </Text>
        )}
      </Stack>
      {vehicle.isError ? (
        <CallError error={vehicle.error} onRetry={() => void vehicle.refetch()} />
      ) : record === undefined ? (
        <CallLoading />
      ) : record === null ? (
        <NotRecorded vin={vin} />
      ) : (
        <>
          {!record.checkDigitValid && (
            <Alert color="orange" title={t('vindb.vehicle.check_digit_badge')}>
              {t('vindb.vehicle.check_digit_recorded')}
            </Alert>
          )}
          {edits ? <VehicleEditor vehicle={record} /> : <VehicleFacts vehicle={record} />}
          <Paper withBorder p="md">
            <Title order={3} size="h5" mb="sm">
              {t('vindb.vehicle.battery_title')}
            </Title>
            {record.battery ? (
              <BatteryFacts battery={record.battery} linked />
            ) : (
              <Text size="sm" c="dimmed">
                {t('vindb.vehicle.no_battery')}
              </Text>
            )}
          </Paper>
          <Group>
            <ChangedBy record={record} />
          </Group>
        </>
      )}
    </Stack>
  );
}
