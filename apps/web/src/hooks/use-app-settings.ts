import type { AppSettings } from '@fleet/contract';
import { createContext, useContext } from 'react';

export const AppSettingsContext = createContext<AppSettings | null>(null);

/** The settings loaded before the app starts (`appsettings.json`). */
export function useAppSettings(): AppSettings {
  const settings = useContext(AppSettingsContext);
  if (!settings) throw new Error('useAppSettings outside AppSettingsContext');
  return settings;
}
