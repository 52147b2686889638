import type { FeatureCode, RoleCode } from '@fleet/contract';
import { Tabs } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useAllowedTabs } from './router-tabs';

export interface DynamicTab {
  /** The tab's name, its key in the bar. */
  name: string;
  label: string;
  feature: FeatureCode | null;
  roles?: readonly RoleCode[];
  isContextValid?: () => boolean;
  render: () => ReactNode;
}

/**
 * Tabs switched in place (jobs §2, dynamic mode): the same tab model as the router tabs (role, feature,
 * context), the first allowed tab shown at start, a tab's content rendered only while it is selected, and
 * no bar when one tab is left.
 */
export function DynamicTabs({ tabs, label }: { tabs: readonly DynamicTab[]; label: string }) {
  const allowed = useAllowedTabs(tabs.map((tab) => ({ ...tab, path: tab.name })));
  const [picked, setPicked] = useState<string | null>(null);
  const current = allowed.find((tab) => tab.name === picked) ?? allowed[0];
  if (!current) return null;
  if (allowed.length === 1) return <>{current.render()}</>;
  return (
    <Tabs value={current.name} onChange={setPicked} keepMounted={false}>
      <Tabs.List aria-label={label}>
        {allowed.map((tab) => (
          <Tabs.Tab key={tab.name} value={tab.name}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={current.name} pt="md">
        {current.render()}
      </Tabs.Panel>
    </Tabs>
  );
}
