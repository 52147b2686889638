import { appSettingsSchema, type AppSettings } from '@fleet/contract';

export const APP_SETTINGS_URL = `${import.meta.env.BASE_URL}appsettings/appsettings.json`;

/**
 * Read once at start; everything else (variant, languages, providers) depends on it. index.html preloads
 * it while the scripts load, so this plain request (no header or cache mode of its own, or the preload
 * would not match) takes the answer already on its way. The server has it checked at each use.
 */
export async function fetchAppSettings(): Promise<AppSettings> {
  const response = await fetch(APP_SETTINGS_URL);
  if (!response.ok) throw new Error(`appsettings.json: ${response.status}`);
  return appSettingsSchema.parse(await response.json());
}
