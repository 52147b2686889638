import type { FeatureCode } from '@fleet/contract';
import { Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { matchPath, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useFeatureCheck } from '../hooks/use-can-use';
import classes from './router-tabs.module.css';

export interface RouterTab {
  label: string;
  path: string;
  feature: FeatureCode | null;
}

/** Scrolls the row of tabs sideways, if needed, so that the selected one shows. */
function useSelectedTabInView(selected: string | undefined) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return;
    const start = tab.offsetLeft;
    const end = start + tab.offsetWidth;
    if (start < list.scrollLeft || end > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = start - (list.clientWidth - tab.offsetWidth) / 2;
    }
  }, [selected]);
  return listRef;
}

/**
 * Tabs that are routes (jobs §2, router mode): only the tabs the user may use are shown, the bar
 * collapses to its content when one is left, and a route that is no allowed tab leads to the first one.
 * The tabs stay in one row, which scrolls sideways when it is wider than the screen.
 */
export function RouterTabs({ tabs, label }: { tabs: readonly RouterTab[]; label: string }) {
  const canUse = useFeatureCheck();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const allowed = tabs.filter((tab) => canUse(tab.feature));
  const current = allowed.find((tab) => matchPath({ path: tab.path, end: false }, pathname));
  const listRef = useSelectedTabInView(current?.path);

  if (!current) return <Navigate to={allowed[0]?.path ?? paths.notFound.path} replace />;
  if (allowed.length === 1) return <Outlet />;
  return (
    <Tabs
      value={current.path}
      onChange={(path) => path && void navigate(path)}
      classNames={{ list: classes.list, tab: classes.tab }}
    >
      <Tabs.List ref={listRef} aria-label={label} mb="md">
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
