import type { FeatureCode, RoleCode } from '@fleet/contract';
import { Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { matchPath, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useAccessCheck } from '../hooks/use-can-use';
import classes from './router-tabs.module.css';

export interface RouterTab {
  /** The spec's route name of the tab (`Jobs_Live`), where it gives one. */
  name?: string;
  label: string;
  /** The tab's route; selecting the tab goes there. */
  path: string;
  /** Other routes that show this tab selected (an old address, a route inside it). */
  aliases?: readonly string[];
  feature: FeatureCode | null;
  /** Roles of which the user must hold one besides the feature (from the route's spec); none: everyone. */
  roles?: readonly RoleCode[];
  /** A check of the context the tab needs (a record of the right kind, say); absent means valid. */
  isContextValid?: () => boolean;
}

/** The tabs this user may see, in order: authorized role, usable feature, valid context (jobs §2). */
export function useAllowedTabs<T extends RouterTab>(tabs: readonly T[]): T[] {
  const mayOpen = useAccessCheck();
  return tabs.filter((tab) => mayOpen(tab) && (tab.isContextValid?.() ?? true));
}

const matches = (tab: RouterTab, pathname: string) =>
  [tab.path, ...(tab.aliases ?? [])].some((path) => matchPath({ path, end: false }, pathname));

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
export function RouterTabs({
  tabs,
  label,
  onUnauthorizedRoute,
}: {
  tabs: readonly RouterTab[];
  label: string;
  /**
   * The route matches no allowed tab (jobs §2): called with the first allowed tab's route. By default
   * the console goes there, replacing the address.
   */
  onUnauthorizedRoute?: (firstAllowed: string) => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const allowed = useAllowedTabs(tabs);
  const current = allowed.find((tab) => matches(tab, pathname));
  const listRef = useSelectedTabInView(current?.path);
  const firstAllowed = allowed[0]?.path ?? paths.notFound.path;
  useEffect(() => {
    if (!current && onUnauthorizedRoute) onUnauthorizedRoute(firstAllowed);
  }, [current, onUnauthorizedRoute, firstAllowed]);

  if (!current) return onUnauthorizedRoute ? null : <Navigate to={firstAllowed} replace />;
  if (allowed.length === 1) return <Outlet />;
  return (
    <Tabs
      value={current.path}
      onChange={(path) => path && void navigate(path)}
      classNames={{ list: classes.list, tab: classes.tab }}
    >
      <Tabs.List ref={listRef} aria-label={label} mb="md">
        {allowed.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path} data-route-name={tab.name}>
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
