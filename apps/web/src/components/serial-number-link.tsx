import { serialNumberRoute } from '@fleet/contract';
import { Anchor, VisuallyHidden, type AnchorProps } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewTabIcon } from './icons';

type SerialNumberLinkProps = { serialNumber: string; 'aria-describedby'?: string } & AnchorProps;

/** Spec §2: a serial number leads to its device or accessory page, in a new tab; its icon and description say so. */
export function SerialNumberLink({
  serialNumber,
  'aria-describedby': describedBy,
  ...props
}: SerialNumberLinkProps) {
  const { t } = useTranslation();
  const newTabId = useId();
  return (
    <>
      <Anchor
        component={Link}
        to={serialNumberRoute(serialNumber)}
        target="_blank"
        rel="noopener"
        aria-describedby={[newTabId, describedBy].filter(Boolean).join(' ')}
        {...props}
      >
        {serialNumber}
        <NewTabIcon size={12} style={{ marginInlineStart: 4, verticalAlign: 'baseline' }} />
      </Anchor>
      <VisuallyHidden id={newTabId}>{t('series.serial_number.new_tab')}</VisuallyHidden>
    </>
  );
}
