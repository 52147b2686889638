import type { FeatureCode } from '@fleet/contract';
import { Tabs } from '@mantine/core';
import { matchPath, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useFeatureCheck } from '../hooks/use-can-use';

export interface RouterTab {
  label: string;
  path: string;
  feature: FeatureCode | null;
}

/**
 * Tabs that are routes (jobs §2, router mode): only the tabs the user may use are shown, the bar
 * collapses to its content when one is left, and a route that is no allowed tab leads to the first one.
 */
export function RouterTabs({ tabs, label }: { tabs: readonly RouterTab[]; label: string }) {
  const canUse = useFeatureCheck();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const allowed = tabs.filter((tab) => canUse(tab.feature));
  const current = allowed.find((tab) => matchPath({ path: tab.path, end: false }, pathname));

  if (!current) return <Navigate to={allowed[0]?.path ?? paths.notFound.path} replace />;
  if (allowed.length === 1) return <Outlet />;
  return (
    <Tabs value={current.path} onChange={(path) => path && void navigate(path)}>
      <Tabs.List aria-label={label} mb="md">
        {allowed.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={current.path}>
        <Outlet />
      </Tabs.Panel>
    </Tabs>
  );
}
