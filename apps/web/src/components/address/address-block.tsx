import { formatAddress, type StoreAddress } from '@fleet/contract';
import { Text } from '@mantine/core';
import { useRegionName } from '../../hooks/use-region-name';

/** A postal address in its region's layout (contract `formatAddress`), one line each. */
export function AddressBlock({ address, size = 'sm' }: { address: StoreAddress; size?: 'xs' | 'sm' | 'md' }) {
  const regionName = useRegionName();
  return (
    <Text component="address" size={size} style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
      {formatAddress(address, regionName).join('\n')}
    </Text>
  );
}
