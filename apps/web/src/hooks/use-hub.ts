import type { LiveTask } from '@fleet/contract';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { HubClient, HubState } from '../lib/hub/hub-client';

/** The console's one hub client; null for users without the live features. */
export const HubContext = createContext<HubClient | null>(null);

const STOPPED: HubState = { status: 'stopped', devices: new Map(), retryAt: null };
const noSubscription = () => () => undefined;

export function useHubClient(): HubClient | null {
  return useContext(HubContext);
}

/** The hub's state (status and connected devices), following its events. */
export function useHubState(): HubState {
  const client = useHubClient();
  return useSyncExternalStore(client?.subscribe ?? noSubscription, client?.getState ?? (() => STOPPED));
}

/** Spec §2: a device is 'task running' when its live entry has a task. */
export function useLiveTask(serialNumber: string): LiveTask | null {
  return useHubState().devices.get(serialNumber)?.task ?? null;
}
