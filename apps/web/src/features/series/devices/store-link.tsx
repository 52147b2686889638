import { STORE_ARCHIVED, type SeriesCard } from '@fleet/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type StoreFilter = 'OfficialStoreCode' | 'DealerCodeFilter';

interface StoreLinkProps {
  card: SeriesCard;
  /** The devices list filtered by this code alone, at page 1; null when the user may not use that filter. */
  filterLink: (filter: StoreFilter, code: string) => string | null;
}

/** The official store code, else the dealer code; struck through with a note when the store is archived. */
export function StoreLink({ card, filterLink }: StoreLinkProps) {
  const { t } = useTranslation();
  const code = card.officialStoreCode ?? card.dealerCode;
  if (!code) return <span />;
  const official = card.officialStoreCode !== null;
  const archived = official && card.officialStore?.storeStatus === STORE_ARCHIVED;
  const to = filterLink(official ? 'OfficialStoreCode' : 'DealerCodeFilter', code);
  const struck = archived ? 'line-through' : undefined;

  return (
    <Stack gap={0} miw={0}>
      <Group gap={6} wrap="nowrap" miw={0}>
        <Text size="sm" c="dimmed">
          {t(official ? 'series.devices.store' : 'series.devices.dealer')}
        </Text>
        {to ? (
          <Anchor component={Link} to={to} size="sm" td={struck} truncate>
            {code}
          </Anchor>
        ) : (
          <Text size="sm" td={struck} truncate>
            {code}
          </Text>
        )}
      </Group>
      {archived && (
        <Text size="xs" c="orange">
          {t('series.devices.store_not_available')}
        </Text>
      )}
    </Stack>
  );
}
