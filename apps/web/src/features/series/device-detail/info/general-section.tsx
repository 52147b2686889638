import { partNumberOf, type SeriesDetail } from '@fleet/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { FieldList } from '../../detail/field-list';
import { Section } from '../../detail/section';
import { ActivationActions } from './activation-actions';
import { EarlyAccessSwitch } from './early-access-switch';

/**
 * The activation date is a day of the warranty, set and checked as a UTC day: that day is shown the same
 * wherever the user is, the instant after it in the user's time zone.
 */
function ActivationDate({ value }: { value: string }) {
  const date = useDateFormat();
  return (
    <Text span>
      {date.day(value)}{' '}
      <Text span c="dimmed" size="sm">
        ({date.long(value)})
      </Text>
    </Text>
  );
}

/** What the device is: part number, type, maker, versions, dates, early access. */
export function GeneralSection({ device }: { device: SeriesDetail }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const notSet = <Text c="dimmed">{t('series.detail.not_set')}</Text>;
  const field = (key: string, value: string | null) => ({
    label: t(`series.detail.general.${key}`),
    value: value || notSet,
  });

  return (
    <Section title={t('series.detail.general.title')} actions={<ActivationActions device={device} />}>
      <FieldList
        fields={[
          field('part_number', partNumberOf(device.serialNumber)),
          field('type', device.deviceType),
          field('maker', device.maker),
          field('software_version', device.currentVersion),
          field('database_version', device.currentDBVersion),
          field('language', device.language),
          field('country', device.country),
          // Group and early access are internal values: the server sends them to internal members only.
          ...(device.group !== undefined ? [field('group', device.group?.groupName ?? null)] : []),
          field('registration_date', date.long(device.registrationDate)),
          {
            label: t('series.detail.general.activation_date'),
            value: device.activationDate ? <ActivationDate value={device.activationDate} /> : notSet,
          },
          ...(device.earlyAccess !== undefined
            ? [{ label: t('series.filters.early_access'), value: <EarlyAccessSwitch device={device} /> }]
            : []),
        ]}
      />
    </Section>
  );
}
