import { Anchor, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductLogo } from '../../components/product-logo';
import { useAppSettings } from '../../hooks/use-app-settings';
import classes from './about.module.css';
import { LicenceTable } from './licence-table';
import { PageFrame } from '../../components/page-frame';

export function AboutPage() {
  const { t } = useTranslation();
  const { links } = useAppSettings();
  const [spinning, setSpinning] = useState(false);

  return (
    <PageFrame title={t('about.page.title')}>
      <Stack gap="lg">
        <UnstyledButton
          w={220}
          aria-label={t('about.page.animate_logo')}
          onClick={() => setSpinning(true)}
          onAnimationEnd={() => setSpinning(false)}
        >
          <ProductLogo w={220} h={80} className={`${classes.logo} ${spinning ? classes.spinning : ''}`} />
        </UnstyledButton>
        <Text>{t('about.page.provider')}</Text>
        {links.privacy && (
          <Anchor href={links.privacy} target="_blank" rel="noopener noreferrer">
            {t('about.page.privacy')}
          </Anchor>
        )}
        <Text>{t('about.page.thanks')}</Text>
        <Title order={2}>{t('about.licences.title')}</Title>
        <LicenceTable />
      </Stack>
    </PageFrame>
  );
}
