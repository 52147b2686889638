import { vehicleOfJobTags, type VehicleBody } from '@fleet/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showSuccess } from '../../components/show-success';
import { paths, vehiclePath } from '../../config/paths';
import { createVehicleMutation } from './api';
import { VehicleForm } from './vehicle-form';

/**
 * A new vehicle (VINDB.CAR.CREATE). The query may give its VIN, make, model and year (`vin`, `make`,
 * `model`, `year`): a job's detail offers to add its vehicle that way, from its VIN, MK, MD and YE tags.
 */
export function VehicleCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useMutation(createVehicleMutation);
  const [query] = useSearchParams();
  const given = vehicleOfJobTags({
    VIN: query.get('vin'),
    MK: query.get('make'),
    MD: query.get('model'),
    YE: query.get('year'),
  });
  const save = async (body: VehicleBody) => {
    const created = await create.mutateAsync(body);
    showSuccess(t('vindb.vehicle.created', { vin: created.vin }));
    void navigate(vehiclePath(created.vin));
  };
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('vindb.vehicle.create_title')}
      </Title>
      {given.vin && (
        <Text size="sm" c="dimmed">
          {t('vindb.vehicle.from_job')}
        </Text>
      )}
      <VehicleForm
        creating
        initial={{
          vin: given.vin ?? '',
          make: given.make ?? '',
          model: given.model ?? '',
          year: given.year ?? Number.NaN,
        }}
        save={save}
        saveLabel={t('vindb.actions.create')}
        actions={
          <Button variant="default" component={Link} to={paths.vindbCar.path}>
            {t('common.actions.cancel')}
          </Button>
        }
      />
    </Stack>
  );
}
