import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

export type VinDbKind = 'vehicles' | 'batteries';

/** Which records the import or export tab is about: `?kind=batteries`, vehicles by default. */
export function useVinDbKind(): [VinDbKind, (kind: VinDbKind) => void] {
  const [query, setQuery] = useSearchParams();
  const kind = query.get('kind') === 'batteries' ? 'batteries' : 'vehicles';
  // The other records' list filters mean nothing here: the query starts again.
  return [kind, (next) => setQuery(next === 'vehicles' ? {} : { kind: next })];
}

export function KindControl({ kind, onChange }: { kind: VinDbKind; onChange: (kind: VinDbKind) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      w="fit-content"
      value={kind}
      onChange={(value) => onChange(value as VinDbKind)}
      data={[
        { value: 'vehicles', label: t('vindb.tabs.car') },
        { value: 'batteries', label: t('vindb.tabs.battery') },
      ]}
      aria-label={t('vindb.files.kind')}
    />
  );
}
