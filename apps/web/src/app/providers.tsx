import type { AppSettings } from '@fleet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AppSettingsContext } from '../hooks/use-app-settings';
import { useAuth } from '../hooks/use-auth';
import { AuthProvider } from './auth-provider';
import { HubProvider } from './hub-provider';
import { createQueryClient, onUnauthorized } from './query-client';
import { cssVariablesResolver, VARIANT_THEMES } from './theme';

function QueryProvider({ children }: { children: ReactNode }) {
  const { expire } = useAuth();
  const [client] = useState(createQueryClient);
  useEffect(() => onUnauthorized(client, () => void expire()), [client, expire]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export function AppProviders({ settings, children }: { settings: AppSettings; children: ReactNode }) {
  const { theme, colorScheme } = VARIANT_THEMES[settings.variant];
  return (
    <AppSettingsContext.Provider value={settings}>
      <MantineProvider
        theme={theme}
        forceColorScheme={colorScheme}
        cssVariablesResolver={cssVariablesResolver}
      >
        <AuthProvider settings={settings}>
          <QueryProvider>
            <HubProvider>{children}</HubProvider>
          </QueryProvider>
        </AuthProvider>
      </MantineProvider>
    </AppSettingsContext.Provider>
  );
}
