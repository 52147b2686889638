import { vehicleOfJobTags, vinFormatProblem, type Job } from '@fleet/contract';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, vehiclePath } from '../../../config/paths';
import { useCanUse } from '../../../hooks/use-can-use';
import { vehicleQueryOptions } from '../../../lib/endpoints/vehicles';

/** The VIN database's new-vehicle page, filled in from the job's VIN, MK, MD and YE tags. */
function createPath(tags: ReturnType<typeof vehicleOfJobTags>): string {
  const query = new URLSearchParams({ vin: tags.vin ?? '' });
  if (tags.make) query.set('make', tags.make);
  if (tags.model) query.set('model', tags.model);
  if (tags.year) query.set('year', String(tags.year));
  return `${paths.vindbCarCreate.path}?${query}`;
}

/**
 * The job's vehicle (docs/insights.md "VIN database"): for holders of VINDB.CAR.DETAILS its VIN tag leads
 * to the vehicle's record; a VIN not recorded is said so, with the offer to add it for those who may.
 */
export function JobVehicle({ job }: { job: Job }) {
  const { t } = useTranslation();
  const opens = useCanUse('VINDB.CAR.DETAILS');
  const creates = useCanUse('VINDB.CAR.CREATE');
  const tags = vehicleOfJobTags(job.data);
  const vin = tags.vin && !vinFormatProblem(tags.vin) ? tags.vin : null;
  const vehicle = useQuery({ ...vehicleQueryOptions(vin ?? ''), enabled: opens && vin !== null });
  if (!opens || !vin || vehicle.data === undefined) return null;
  const record = vehicle.data;
  return (
    <Group gap="xs" data-testid="job-vehicle">
      <Text size="sm" c="dimmed">
        {t('vindb.job.vehicle')}
      </Text>
      {record ? (
        <>
          <Anchor
            component={Link}
            to={vehiclePath(vin)}
            size="sm"
            ff="monospace"
            aria-label={t('vindb.job.open', { vin })}
          >
            {vin}
          </Anchor>
          <Text size="sm">
            {record.make} {record.model} · {record.year}
          </Text>
        </>
      ) : (
        <>
          <Text size="sm" ff="monospace">
            {vin}
          </Text>
          <Text size="sm" c="dimmed">
            {t('vindb.job.not_recorded')}
          </Text>
          {creates && (
            <Button component={Link} to={createPath(tags)} size="compact-xs" variant="light">
              {t('vindb.job.add')}
            </Button>
          )}
        </>
      )}
    </Group>
  );
}
