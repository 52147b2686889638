import { Burger, Button, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation, useMatch } from 'react-router';
import { ProductLogo } from '../../components/product-logo';
import { COMPANY_TOOLS } from '../../config/company-tools';
import { SERVICES_TOOLS } from '../../config/services-tools';
import { paths } from '../../config/paths';
import { useFeatureCheck } from '../../hooks/use-can-use';
import { importOnce } from '../../lib/chunk-reload';
import { useDeferredDropdown } from './deferred-dropdown';
import type { MenuEntry, NarrowMenuDropdown } from './narrow-menu-dropdown';
import { NotificationBell } from './notification-bell';
import classes from './top-bar.module.css';
import { TaskMenu } from './task-menu';
import { UserMenu } from './user-menu';

/** Entries of the main menu, each shown only to users who may use it. */
function MainMenu() {
  const { t } = useTranslation();
  const canUse = useFeatureCheck();
  const inLists = useMatch(`${paths.series.path}/*`) !== null;
  const inDevice = useMatch(`${paths.serieDetails.path}/*`) !== null;
  const inAccessory = useMatch(`${paths.accessoryDetails.path}/*`) !== null;
  const inJobs = useMatch(`${paths.jobs.path}/*`) !== null;
  const inDashboard = useMatch(paths.dashboard.path) !== null;
  const { pathname } = useLocation();
  // The services page's screens belong to it.
  const inServices = [
    paths.services,
    paths.paymentSuccess,
    paths.orderRequestQuote,
    ...SERVICES_TOOLS.map((tool) => tool.route),
  ].some((route) => matchPath(`${route.path}/*`, pathname) !== null);
  // The company menu's tools belong to it.
  const inCompany = [paths.company, ...COMPANY_TOOLS.map((tool) => tool.route)].some(
    (route) => matchPath(`${route.path}/*`, pathname) !== null,
  );
  // A device's or an accessory's page belongs to the series area too.
  const inSeries = inLists || inDevice || inAccessory;
  const entries = [
    {
      to: paths.series.path,
      label: t('app.top_bar.devices'),
      current: inSeries,
      shown: canUse(paths.seriesDevices.feature) || canUse(paths.seriesAccessories.feature),
    },
    {
      to: paths.jobs.path,
      label: t('app.top_bar.jobs'),
      current: inJobs,
      shown:
        canUse(paths.jobsLive.feature) ||
        canUse(paths.jobsArchived.feature) ||
        canUse(paths.jobsAssociations.feature),
    },
    {
      to: paths.dashboard.path,
      label: t('app.top_bar.dashboard'),
      current: inDashboard,
      shown: canUse(paths.dashboard.feature),
    },
    {
      to: paths.services.path,
      label: t('app.top_bar.services'),
      current: inServices,
      shown: SERVICES_TOOLS.some((tool) => canUse(tool.route.feature)),
    },
    {
      to: paths.company.path,
      label: t('app.top_bar.company'),
      current: inCompany,
      shown: canUse(paths.company.feature),
    },
  ].filter((entry) => entry.shown);
  if (entries.length === 0) return null;
  return (
    <>
      <Group component="nav" aria-label={t('app.top_bar.menu')} gap={4} wrap="nowrap" visibleFrom="sm">
        {entries.map((entry) => (
          <Button
            key={entry.to}
            component={Link}
            to={entry.to}
            px="xs"
            variant={entry.current ? 'light' : 'subtle'}
            aria-current={entry.current ? 'page' : undefined}
          >
            {entry.label}
          </Button>
        ))}
      </Group>
      <NarrowMenu entries={entries} />
    </>
  );
}

type NarrowDropdown = typeof NarrowMenuDropdown;
const loadNarrowDropdown = importOnce<NarrowDropdown>(() =>
  import('./narrow-menu-dropdown').then((module) => module.NarrowMenuDropdown),
);

/** On narrow screens the main menu folds into a button: the logo, tasks and user menu keep their room. */
function NarrowMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const { button, loaded: Dropdown, buttonProps } = useDeferredDropdown(loadNarrowDropdown, true);
  const target = (
    <Burger ref={button} size="sm" hiddenFrom="sm" aria-label={t('app.top_bar.menu')} {...buttonProps} />
  );
  if (!Dropdown) return target;
  return <Dropdown target={target} entries={entries} />;
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
      <Group gap="xs" wrap="nowrap">
        <NotificationBell />
        <TaskMenu />
        <UserMenu />
      </Group>
    </Group>
  );
}
