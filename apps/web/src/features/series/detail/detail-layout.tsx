import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { CallError, CallLoading } from '../../../components/call-state';
import { PageFrame } from '../../../components/page-frame';
import { RouterTabs, type RouterTab } from '../../../components/router-tabs';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';

interface DetailLayoutProps<T> {
  serialNumber: string;
  call: UseQueryResult<T>;
  tabs: readonly RouterTab[];
  tabsLabel: string;
  /** Shown beside the heading once the item is loaded. */
  aside?: (data: T) => ReactNode;
}

/**
 * The page of one device or accessory: the serial number as heading, its badges beside it, then its tabs. An unknown item, or
 * one the user may not see, is answered 404 alike: that leads to the not-found screen.
 */
export function DetailLayout<T>({ serialNumber, call, tabs, tabsLabel, aside }: DetailLayoutProps<T>) {
  if (call.error instanceof ApiError && call.error.status === 404) {
    return <Navigate to={paths.notFound.path} replace />;
  }
  return (
    <PageFrame
      title={<span style={{ overflowWrap: 'anywhere' }}>{serialNumber}</span>}
      actions={call.data !== undefined && aside?.(call.data)}
    >
      {call.data !== undefined ? (
        <RouterTabs tabs={tabs} label={tabsLabel} />
      ) : call.isError ? (
        <CallError error={call.error} onRetry={() => void call.refetch()} />
      ) : (
        <CallLoading />
      )}
    </PageFrame>
  );
}
