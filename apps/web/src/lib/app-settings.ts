import { appSettingsSchema, type AppSettings } from '@fleet/contract';

export const APP_SETTINGS_URL = `${import.meta.env.BASE_URL}appsettings/appsettings.json`;

/** Read once at start; everything else (variant, languages, providers) depends on it. */
export async function fetchAppSettings(): Promise<AppSettings> {
  const response = await fetch(APP_SETTINGS_URL, {
    cache: 'no-cache',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`appsettings.json: ${response.status}`);
  return appSettingsSchema.parse(await response.json());
}
