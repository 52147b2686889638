import {
  formatAddress,
  hasAnyRole,
  STORE_ADDRESS_ROLES,
  STORE_ARCHIVED,
  type SeriesDetail,
} from '@fleet/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../../hooks/use-me';
import { useRegionName } from '../../../../hooks/use-region-name';
import { FieldList } from '../../detail/field-list';
import { Section } from '../../detail/section';
import { DealerCodeSuggestion } from './dealer-code-suggestion';
import { StoreActions } from './store-actions';

/** The store the device is attached to; its address only for the roles of spec §6. */
export function StoreSection({ device }: { device: SeriesDetail }) {
  const { t } = useTranslation();
  const roles = useMe().data?.roles ?? [];
  const regionName = useRegionName();
  const notSet = <Text c="dimmed">{t('series.detail.not_set')}</Text>;
  const store = device.officialStore;
  const archived = store?.storeStatus === STORE_ARCHIVED;
  const seesAddress = !!store?.storeAddress && hasAnyRole(STORE_ADDRESS_ROLES, roles);
  const address = seesAddress ? formatAddress(store.storeAddress!, regionName) : [];
  const copiesTo = seesAddress ? (store.storeAddress!.ccList ?? []) : [];

  return (
    <Section title={t('series.detail.store.title')} actions={<StoreActions device={device} />}>
      <FieldList
        fields={[
          {
            label: t('series.detail.store.official_code'),
            value: device.officialStoreCode ? (
              <Text span td={archived ? 'line-through' : undefined}>
                {device.officialStoreCode}{' '}
                {archived && (
                  <Text span c="orange" size="sm" td="none">
                    ({t('series.devices.store_not_available')})
                  </Text>
                )}
              </Text>
            ) : (
              notSet
            ),
          },
          {
            label: t('series.filters.dealer_code'),
            value: (
              <>
                {device.dealerCode || notSet}
                <DealerCodeSuggestion device={device} />
              </>
            ),
          },
          ...(address.length > 0
            ? [
                {
                  label: t('series.detail.store.address'),
                  value: (
                    <Stack gap={0} component="address" style={{ fontStyle: 'normal' }}>
                      {address.map((line) => (
                        <Text key={line}>{line}</Text>
                      ))}
                    </Stack>
                  ),
                },
              ]
            : []),
          ...(copiesTo.length > 0
            ? [{ label: t('series.detail.store.copies_to'), value: copiesTo.join(', ') }]
            : []),
        ]}
      />
    </Section>
  );
}
