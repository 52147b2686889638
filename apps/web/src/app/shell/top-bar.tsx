import { Button, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { ProductLogo } from '../../components/product-logo';
import { paths } from '../../config/paths';
import { useFeatureCheck } from '../../hooks/use-can-use';
import classes from './top-bar.module.css';
import { UserMenu } from './user-menu';

/** Entries of the main menu, each shown only to users who may use it. */
function MainMenu() {
  const { t } = useTranslation();
  const canUse = useFeatureCheck();
  const inLists = useMatch(`${paths.series.path}/*`) !== null;
  const inDevice = useMatch(`${paths.serieDetails.path}/*`) !== null;
  const inAccessory = useMatch(`${paths.accessoryDetails.path}/*`) !== null;
  // A device's or an accessory's page belongs to the series area too.
  const inSeries = inLists || inDevice || inAccessory;
  const seriesUsable = canUse(paths.seriesDevices.feature) || canUse(paths.seriesAccessories.feature);
  if (!seriesUsable) return null;
  return (
    <Group component="nav" aria-label={t('app.top_bar.menu')} gap="xs" wrap="nowrap">
      <Button
        component={Link}
        to={paths.series.path}
        variant={inSeries ? 'light' : 'subtle'}
        aria-current={inSeries ? 'page' : undefined}
      >
        {t('app.top_bar.devices')}
      </Button>
    </Group>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="lg" wrap="nowrap" miw={0}>
        {/* Named by the product name it shows; on narrow screens only the logo shows, the name stays for screen readers. */}
        <UnstyledButton component={Link} to="/">
          <Group gap="sm" wrap="nowrap">
            <ProductLogo h={40} w={110} alt="" />
            <Text fw={700} size="lg" className={classes.narrowHidden}>
              {t('app.product.name')}
            </Text>
            <VisuallyHidden>{t('app.top_bar.home')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
        <MainMenu />
      </Group>
      <UserMenu />
    </Group>
  );
}
