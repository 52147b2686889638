import type { AppSettings, Me } from '@fleet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { VARIANT_THEMES } from '../app/theme';
import { OverlayHosts } from '../components/overlays/overlay-hosts';
import { AppSettingsContext } from '../hooks/use-app-settings';
import { AuthContext, type Auth } from '../hooks/use-auth';
import { queryClientWithChanges } from '../lib/changes';
import { meQueryOptions } from '../lib/endpoints/me';
import { fakeAuth, testSettings } from './fixtures';

export interface TestContext {
  auth?: Auth;
  /** Seeds the signed-in user; no request is made for it. */
  me?: Me;
  settings?: AppSettings;
  queryClient?: QueryClient;
  /** The screen renders the dialog hosts itself, inside its router (as the shell does). */
  hostsInScreen?: boolean;
}

export function testQueryClient(): QueryClient {
  return queryClientWithChanges({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export function TestProviders({ children, context = {} }: { children: ReactNode; context?: TestContext }) {
  const queryClient = context.queryClient ?? testQueryClient();
  if (context.me) queryClient.setQueryData(meQueryOptions(true).queryKey, context.me);
  return (
    <AppSettingsContext.Provider value={context.settings ?? testSettings}>
      <MantineProvider env="test" theme={VARIANT_THEMES['tool-equipment'].theme}>
        <AuthContext.Provider value={context.auth ?? fakeAuth()}>
          <QueryClientProvider client={queryClient}>
            {!context.hostsInScreen && <OverlayHosts />}
            {children}
          </QueryClientProvider>
        </AuthContext.Provider>
      </MantineProvider>
    </AppSettingsContext.Provider>
  );
}

export function renderWithProviders(ui: ReactElement, context: TestContext = {}) {
  return render(<TestProviders context={context}>{ui}</TestProviders>);
}
