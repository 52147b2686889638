import { paths, type RouteSpec } from './paths';

export interface CompanyTool {
  /** Its texts under `company.tools.<key>`. */
  key: string;
  route: RouteSpec;
}

/**
 * The company menu's tools (platform §2), in its order: the `/company` page shows them as cards, and the
 * top bar's company entry is current on any of them. A tool is listed once it works.
 */
export const COMPANY_TOOLS: readonly CompanyTool[] = [
  { key: 'logs', route: paths.logs },
  { key: 'stores', route: paths.stores },
  { key: 'rights', route: paths.rightsManagement },
  { key: 'certificates', route: paths.certificates },
  { key: 'warranty', route: paths.warranty },
  { key: 'corrupted_jobs', route: paths.corruptedJobs },
  { key: 'serial', route: paths.serial },
  { key: 'vindb', route: paths.vindb },
  { key: 'factory', route: paths.factory },
  { key: 'configuration', route: paths.configuration },
  { key: 'translations', route: paths.translationsManagement },
  { key: 'version', route: paths.version },
  { key: 'devices_support', route: paths.devicesSupport },
  { key: 'tasks', route: paths.tasks },
];
