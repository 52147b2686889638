import type { SeriesDetail } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showSuccess } from '../../../../components/show-success';
import { deviceChanged } from '../../api/series-detail';

/** What every action does once the server said yes: the detail and lists refresh, a toast tells it. */
export function useDeviceChange(serialNumber: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (answer: SeriesDetail | null, message: string) => {
      await deviceChanged(queryClient, serialNumber, answer);
      showSuccess(message);
    },
    [queryClient, serialNumber],
  );
}
