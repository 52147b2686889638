import { serialNumberRoute } from '@fleet/contract';
import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';

/** Spec §2: a serial number leads to its device or accessory page, in a new tab. */
export function SerialNumberLink({ serialNumber, ...props }: { serialNumber: string } & AnchorProps) {
  return (
    <Anchor component={Link} to={serialNumberRoute(serialNumber)} target="_blank" rel="noopener" {...props}>
      {serialNumber}
    </Anchor>
  );
}
