import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

/** Written next to the bundle by build/licences-plugin.ts. */
export const LICENCES_FILE = 'licences.json';

export const LICENCES_PAGE_SIZE = 100;

export const licenceEntrySchema = z.object({
  name: z.string(),
  version: z.string(),
  author: z.string().nullable(),
  license: z.string().nullable(),
  link: z.string().nullable(),
});
export type LicenceEntry = z.infer<typeof licenceEntrySchema>;

async function fetchLicences(): Promise<LicenceEntry[]> {
  const response = await fetch(`${import.meta.env.BASE_URL}${LICENCES_FILE}`);
  if (!response.ok) throw new Error(`${LICENCES_FILE}: ${response.status}`);
  return z.array(licenceEntrySchema).parse(await response.json());
}

export const licencesQueryOptions = queryOptions({
  queryKey: ['licences'],
  queryFn: fetchLicences,
  staleTime: Infinity,
});

export function licencesPage(entries: readonly LicenceEntry[], page: number): LicenceEntry[] {
  return entries.slice((page - 1) * LICENCES_PAGE_SIZE, page * LICENCES_PAGE_SIZE);
}
