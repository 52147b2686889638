import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { connectionMonitorOf, type ConnectionMonitor, type ConnectionState } from '../lib/connection-monitor';

/** The connection monitor of the console's query client. */
export function useConnectionMonitor(): ConnectionMonitor {
  return connectionMonitorOf(useQueryClient());
}

/** Whether the server answers, and since when it does not. */
export function useConnection(): ConnectionState {
  const monitor = useConnectionMonitor();
  return useSyncExternalStore(monitor.subscribe, monitor.getState, monitor.getState);
}
