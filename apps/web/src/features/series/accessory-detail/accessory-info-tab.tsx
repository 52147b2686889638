import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CallState } from '../../../components/call-state';
import { useDateFormat } from '../../../hooks/use-date-format';
import { FieldList } from '../detail/field-list';
import { Section } from '../detail/section';
import { SerialNumberLink } from '../../../components/serial-number-link';
import { useAccessory } from './use-accessory';

export function AccessoryInfoTab() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const { accessory } = useAccessory();
  const notSet = <Text c="dimmed">{t('series.detail.not_set')}</Text>;
  return (
    <CallState call={accessory}>
      {(found) => (
        <Section title={t('series.detail.general.title')}>
          <FieldList
            fields={[
              { label: t('series.detail.components.serial_number'), value: found.serialNumber },
              { label: t('series.detail.general.part_number'), value: found.partNumber },
              { label: t('series.detail.description.label'), value: found.description || notSet },
              {
                label: t('series.detail.general.registration_date'),
                value: date.long(found.registrationDate),
              },
              {
                label: t('series.accessories.attached_to'),
                value: found.seriesSerialNumber ? (
                  <SerialNumberLink serialNumber={found.seriesSerialNumber} />
                ) : (
                  <Text c="dimmed">{t('series.accessories.not_attached')}</Text>
                ),
              },
            ]}
          />
        </Section>
      )}
    </CallState>
  );
}
