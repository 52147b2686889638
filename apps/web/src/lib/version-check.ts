import { versionInfoSchema, type VersionInfo } from '@fleet/contract';

export const VERSION_URL = `${import.meta.env.BASE_URL}version.json`;

/** The deployed version; never from a cache, or a new deployment would go unnoticed. */
export async function fetchVersionInfo(): Promise<VersionInfo> {
  const response = await fetch(VERSION_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`version.json: ${response.status}`);
  return versionInfoSchema.parse(await response.json());
}

export function isNewVersion(running: VersionInfo, deployed: VersionInfo): boolean {
  return running.version !== deployed.version;
}
