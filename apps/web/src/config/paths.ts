import {
  CERTIFICATE_QUALITY_ROLES,
  ESAT_ENTRY_ROLES,
  taskStartAccess,
  type FeatureCode,
  type RoleCode,
} from '@fleet/contract';

export interface RouteSpec {
  /** Path inside the console, below the `/console` base. */
  readonly path: string;
  /** The feature the user must be able to use; null for a public route. */
  readonly feature: FeatureCode | null;
  /** Roles of which the user must hold one besides the feature (the server's route checks the same). */
  readonly roles?: readonly RoleCode[];
  /** The spec's name of the route (`Jobs_Live`, `WarrantyCodeHome`), where it gives one. */
  readonly name?: string;
}

/** Every screen of the console with the feature it needs; the route table and all links use these. */
export const paths = {
  series: { path: '/series', feature: 'SERIES' },
  seriesDevices: { path: '/series/devices', feature: 'SERIES.LIST', name: 'Series_Devices' },
  seriesAccessories: {
    path: '/series/accessories',
    feature: 'SERIES.ACCESSORIES.LIST',
    name: 'Series_Accessories',
  },
  // The jobs area (jobs spec §2): Jobs_Live, Jobs_Archived and Jobs_Associations.
  jobs: { path: '/jobs', feature: 'JOBS' },
  dashboard: { path: '/dashboard', feature: 'DASHBOARD' },
  jobsLive: { path: '/jobs/live', feature: 'JOBS.LIST', name: 'Jobs_Live' },
  jobsArchived: { path: '/jobs/archived', feature: 'JOBS.LIST.ARCHIVED', name: 'Jobs_Archived' },
  jobsAssociations: {
    path: '/jobs/associations',
    feature: 'JOBS.LIST.ASSOCIATIONS',
    name: 'Jobs_Associations',
  },
  // The job detail (jobs spec §2): Summary, Graphs and Pictures; the job id is a string.
  jobDetails: { path: '/job/:jobID', feature: 'JOBS.LIST' },
  jobSummary: { path: '/job/:jobID/summary', feature: 'JOBS.LIST' },
  jobGraphs: { path: '/job/:jobID/graphs', feature: 'JOBS.LIST' },
  jobPictures: { path: '/job/:jobID/pictures', feature: 'JOBS.LIST' },
  // Route SerieDetails and its tabs (spec §2).
  serieDetails: { path: '/serie/:serialNumber', feature: 'SERIES.DETAILS', name: 'SerieDetails' },
  serieInfo: { path: '/serie/:serialNumber/info', feature: 'SERIES.DETAILS' },
  serieJobs: { path: '/serie/:serialNumber/jobs', feature: 'SERIES.DETAILS.JOBS' },
  serieUsers: { path: '/serie/:serialNumber/users', feature: 'SERIES.DETAILS.USERS' },
  serieScreenshots: { path: '/serie/:serialNumber/screenshots', feature: 'SERIES.DETAILS.SCREENSHOTS' },
  serieComponents: { path: '/serie/:serialNumber/components', feature: 'SERIES.DETAILS.COMPONENTS' },
  serieConnections: { path: '/serie/:serialNumber/connections', feature: 'SERIES.DETAILS.CONNECTIONS' },
  serieUpdates: { path: '/serie/:serialNumber/updates', feature: 'SERIES.DETAILS.UPDATES' },
  serieConfiguration: {
    path: '/serie/:serialNumber/configuration',
    feature: 'SERIES.DETAILS.CONFIGURATION',
  },
  serieCertificates: { path: '/serie/:serialNumber/certificates', feature: 'SERIES.DETAILS.CERTIFICATES' },
  serieGeolocations: { path: '/serie/:serialNumber/geolocations', feature: 'SERIES.DETAILS.GEOLOCATIONS' },
  // Route AccessoryDetails and its tabs; a tab showing the attached device needs that device's feature.
  accessoryDetails: {
    path: '/accessory/:serialNumber',
    feature: 'SERIES.ACCESSORIES.DETAILS',
    name: 'AccessoryDetails',
  },
  accessoryInfo: { path: '/accessory/:serialNumber/info', feature: 'SERIES.ACCESSORIES.DETAILS' },
  accessoryUsers: { path: '/accessory/:serialNumber/users', feature: 'SERIES.ACCESSORIES.DETAILS' },
  accessorySeries: { path: '/accessory/:serialNumber/series', feature: 'SERIES.DETAILS' },
  accessoryDataset: { path: '/accessory/:serialNumber/dataset', feature: 'SERIES.ACCESSORIES.DETAILS' },
  accessoryConfiguration: {
    path: '/accessory/:serialNumber/configuration',
    feature: 'SERIES.DETAILS.CONFIGURATION',
  },
  accessoryCertificates: {
    path: '/accessory/:serialNumber/certificates',
    feature: 'SERIES.DETAILS.CERTIFICATES',
  },
  // The user's tasks (platform §2): /tasks leads to /tasks/list.
  tasks: { path: '/tasks', feature: 'TASKS' },
  tasksList: { path: '/tasks/list', feature: 'TASKS' },
  // The company menu (platform §2) and its tools.
  company: { path: '/company', feature: 'COMPANY' },
  version: { path: '/version', feature: 'VERSIONS' },
  versionRollout: { path: '/version/rollouts/:rolloutId', feature: 'VERSIONS' },
  devicesSupport: { path: '/devices-support', feature: 'DEVICES_SUPPORT' },
  // The stores tool (platform §2): /stores leads to its list (route Store_List, query storeId).
  stores: { path: '/stores', feature: 'STORES' },
  storesList: { path: '/stores/list', feature: 'STORES', name: 'Store_List' },
  storesImport: { path: '/stores/import', feature: 'STORES.IMPORT' },
  storesExport: { path: '/stores/export', ...taskStartAccess('stores-export') },
  // The VIN database (platform §2, docs/insights.md): /vindb leads to the vehicles; batteries, import, export.
  vindb: { path: '/vindb', feature: 'VINDB' },
  vindbCar: { path: '/vindb/car', feature: 'VINDB.CAR' },
  vindbCarCreate: { path: '/vindb/car/create', feature: 'VINDB.CAR.CREATE' },
  vindbCarDetails: { path: '/vindb/car/:vin', feature: 'VINDB.CAR.DETAILS' },
  vindbBattery: { path: '/vindb/battery', feature: 'VINDB.BATTERY' },
  vindbBatteryCreate: { path: '/vindb/battery/create', feature: 'VINDB.BATTERY.CREATE' },
  vindbBatteryDetails: { path: '/vindb/battery/:reference', feature: 'VINDB.BATTERY.DETAILS' },
  vindbImport: { path: '/vindb/import', feature: 'VINDB.IMPORT' },
  vindbExport: { path: '/vindb/export', ...taskStartAccess('vehicles-export') },
  // Rights management (platform §2): /tool/rights-management leads to users; also groups and roles.
  rightsManagement: { path: '/tool/rights-management', feature: 'RIGHTS' },
  rightsUsers: { path: '/tool/rights-management/users', feature: 'RIGHTS.USERS' },
  rightsGroups: { path: '/tool/rights-management/groups', feature: 'RIGHTS.GROUPS' },
  rightsRoles: { path: '/tool/rights-management/roles', feature: 'RIGHTS.ROLES' },
  // The certificates tool (platform §2): /tool/certificates leads to findIssue.
  certificates: { path: '/tool/certificates', feature: 'CERTIFICATES' },
  certificatesFindIssue: { path: '/tool/certificates/findIssue', feature: 'CERTIFICATES.FIND' },
  certificatesRegister: { path: '/tool/certificates/register', feature: 'CERTIFICATES.REGISTER' },
  certificatesAssign: { path: '/tool/certificates/assign', feature: 'CERTIFICATES.ASSIGN' },
  certificatesQualityChecks: {
    path: '/tool/certificates/quality-checks',
    feature: 'CERTIFICATES',
    roles: CERTIFICATE_QUALITY_ROLES,
  },
  certificatesDelivery: { path: '/tool/certificates/delivery', feature: 'CERTIFICATES.DELIVERY' },
  certificatesNewDelivery: { path: '/tool/certificates/new_delivery', feature: 'CERTIFICATES.NEW_DELIVERY' },
  certificatesTemplates: { path: '/tool/certificates/templates', feature: 'CERTIFICATES.TEMPLATES' },
  // Warranty codes (platform §2): /warrantycode leads to the decoder (route WarrantyCodeHome).
  warranty: { path: '/warrantycode', feature: 'WARRANTY' },
  warrantyDecode: { path: '/warrantycode/decode', feature: 'WARRANTY.DECODE', name: 'WarrantyCodeHome' },
  warrantyBulk: { path: '/warrantycode/bulk', ...taskStartAccess('warranty-decode') },
  // Serial management (platform §2): /tool/serial leads to configuration; also report.
  serial: { path: '/tool/serial', feature: 'SERIALNUMBER' },
  serialConfiguration: { path: '/tool/serial/configuration', feature: 'SERIALNUMBER' },
  serialReport: { path: '/tool/serial/report', feature: 'SERIALNUMBER' },
  // Integrators' endpoints (docs/notifications.md "Webhooks"): their events, deliveries and secrets.
  webhooks: { path: '/tool/webhooks', feature: 'WEBHOOKS' },
  // The factory (platform §2): newly built devices registered in batches.
  factory: { path: '/factory', feature: 'FACTORY' },
  // Configuration (platform §2): part numbers and the migration of devices so far.
  configuration: { path: '/configuration', feature: 'CONFIGURATION' },
  configurationGroups: { path: '/configuration/groups', feature: 'CONFIGURATION.GROUPS' },
  configurationDevices: { path: '/configuration/devices', feature: 'CONFIGURATION.DEVICES' },
  configurationUsers: { path: '/configuration/users', feature: 'CONFIGURATION.USERS' },
  configurationPartNumbers: { path: '/configuration/partnumbers', feature: 'CONFIGURATION.PARTNUMBERS' },
  configurationMigration: { path: '/configuration/migration', feature: 'CONFIGURATION.MIGRATION' },
  // Corrupted jobs (platform §2): jobs devices sent that were refused.
  corruptedJobs: { path: '/corrupted-jobs', feature: 'CORRUPTEDJOBS' },
  // The logs screen (platform §2): the audit log.
  logs: { path: '/logs', feature: 'LOGS' },
  // Services (platform §2): the cards, the calibration request, the address book; the customer's orders.
  // Anyone signed in: the page shows the cards of the user's features (staff's tools among them).
  services: { path: '/services', feature: 'USER' },
  calibrationRequest: { path: '/services/calibration-request', feature: 'CALIBRATION_REQUEST' },
  addressBook: { path: '/services/my_address_book', feature: 'SERVICES' },
  internalSteps: { path: '/services/internal-steps-management', feature: 'SHOPPING.MANAGE.INTERNAL_STEPS' },
  userOrders: { path: '/user/orders', feature: 'ORDERS' },
  userOrder: { path: '/user/orders/:orderId', feature: 'ORDERS' },
  paymentSuccess: { path: '/payment-success/:orderId', feature: 'ORDERS' },
  // Orders management (platform §2): /tool/orders-management leads to orders.
  ordersManagement: { path: '/tool/orders-management', feature: 'SHOPPING.MANAGE.ORDERS' },
  ordersManagementOrders: { path: '/tool/orders-management/orders', feature: 'SHOPPING.MANAGE.ORDERS' },
  ordersManagementPackages: { path: '/tool/orders-management/packages', feature: 'SHOPPING.MANAGE.PACKAGES' },
  ordersManagementPickups: {
    path: '/tool/orders-management/package-pickups',
    feature: 'SHOPPING.MANAGE.PACKAGE_PICKUPS',
  },
  ordersManagementAudit: { path: '/tool/orders-management/ups-audit', feature: 'SHOPPING.MANAGE.AUDITS' },
  ordersManagementCarriers: {
    path: '/tool/orders-management/shipment-providers',
    feature: 'SHIPMENT_PROVIDERS',
  },
  orderRequestQuote: { path: '/order-request-quote/:orderId', feature: 'ORDERS' },
  // Shopping management (platform §2): /tool/shopping-management leads to products.
  shoppingManagement: { path: '/tool/shopping-management', feature: 'SHOPPING.MANAGE' },
  shoppingProducts: { path: '/tool/shopping-management/products', feature: 'SHOPPING.MANAGE.PRODUCTS' },
  shoppingSkus: { path: '/tool/shopping-management/skus', feature: 'SHOPPING.MANAGE.SKUS' },
  shoppingCurrencies: { path: '/tool/shopping-management/currencies', feature: 'SHOPPING.MANAGE.CURRENCIES' },
  shoppingCategories: { path: '/tool/shopping-management/categories', feature: 'SHOPPING.MANAGE.CATEGORIES' },
  shoppingPaymentMethodTypes: {
    path: '/tool/shopping-management/payment-method-types',
    feature: 'SHOPPING.MANAGE.PAYMENT_METHOD_TYPES',
  },
  // Service center management (platform §2): leads to the centers.
  serviceCenterManagement: { path: '/tool/service-center-management', feature: 'SERVICE_CENTERS' },
  serviceCenters: { path: '/tool/service-center-management/service-centers', feature: 'SERVICE_CENTERS' },
  // Accounting (platform §2): /tool/accounting-management leads to accounts.
  accountingManagement: { path: '/tool/accounting-management', feature: 'ACCOUNTING_MANAGE' },
  accountingAccounts: {
    path: '/tool/accounting-management/accounts',
    feature: 'ACCOUNTING_MANAGE.ACCOUNTS',
  },
  accountingCustomerAccounts: {
    path: '/tool/accounting-management/customer-accounts',
    feature: 'ACCOUNTING_MANAGE.CUSTOMER_ACCOUNTS',
  },
  accountingSalesJournal: {
    path: '/tool/accounting-management/sales-journal',
    feature: 'ACCOUNTING_MANAGE.SALES_JOURNAL',
  },
  accountingPaymentsJournal: {
    path: '/tool/accounting-management/payments-journal',
    feature: 'ACCOUNTING_MANAGE.PAYMENTS_JOURNAL',
  },
  accountingCustoms: {
    path: '/tool/accounting-management/customs-declaration',
    feature: 'ACCOUNTING_MANAGE.CUSTOMS_DECLARATION',
  },
  accountingBillingCurrencies: {
    path: '/tool/accounting-management/billing-currencies',
    feature: 'ACCOUNTING_MANAGE.CUSTOMER_ACCOUNTS',
  },
  // The order behind a journal entry, read-only.
  accountingOrder: { path: '/tool/accounting-management/orders/:orderId', feature: 'ACCOUNTING_MANAGE' },
  // Translations management (platform §2): /tool/translations-management leads to translations.
  translationsManagement: { path: '/tool/translations-management', feature: 'TRANSLATION' },
  translationsList: { path: '/tool/translations-management/translations', feature: 'TRANSLATION.LIST' },
  translationsTargets: { path: '/tool/translations-management/targets', feature: 'TRANSLATION.TARGETS' },
  translationsLanguages: {
    path: '/tool/translations-management/languages',
    feature: 'TRANSLATION.LANGUAGES',
  },
  translationsObjects: { path: '/tool/translations-management/objects', feature: 'TRANSLATION.OBJECTS' },
  // Statistics (platform §2): /tool/statistics leads to esat, its figures for their readers (STATISTICS),
  // the answers and the import for external ESAT users too.
  statistics: { path: '/tool/statistics', feature: 'STATISTICS.ESAT' },
  statisticsEsat: { path: '/tool/statistics/esat', feature: 'STATISTICS.ESAT' },
  statisticsEsatOverview: { path: '/tool/statistics/esat/overview', feature: 'STATISTICS' },
  statisticsEsatAnswers: { path: '/tool/statistics/esat/answers', feature: 'STATISTICS.ESAT' },
  statisticsEsatImport: {
    path: '/tool/statistics/esat/import',
    feature: 'STATISTICS.ESAT',
    roles: ESAT_ENTRY_ROLES,
  },
  userSpace: { path: '/user-space', feature: 'USER.SPACE' },
  configurationSettings: { path: '/user-space/configuration-settings', feature: 'USER.SPACE' },
  // The user's notification center and alert rules (docs/notifications.md): their own, whatever their roles.
  notifications: { path: '/notifications', feature: 'USER.SPACE' },
  alertRules: { path: '/user-space/alerts', feature: 'USER.SPACE' },
  terms: { path: '/terms-and-conditions/:versionNumber', feature: null },
  about: { path: '/about', feature: null },
  notFound: { path: '/notfound', feature: null },
  desktopAuth: { path: '/auth/desktop', feature: null },
  authCallback: { path: '/auth/callback', feature: null },
  authFailed: { path: '/auth/failed', feature: null },
  sessionExpired: { path: '/auth/session-expired', feature: null },
} as const satisfies Record<string, RouteSpec>;

/** The main tools, in the order `/` tries them; the user space, which everyone has, closes it. */
const START_ROUTES: readonly RouteSpec[] = [paths.seriesDevices, paths.dashboard, paths.statistics];

/**
 * Where `/` leads: a role's main tool (spec §2: the devices list; the dashboard for the dashboard roles,
 * the statistics for their viewer), else the user space.
 */
export function startPath(canUse: (feature: FeatureCode | null) => boolean): string {
  return (START_ROUTES.find((route) => canUse(route.feature)) ?? paths.userSpace).path;
}

/** The path of a job detail route for one job. */
export function jobPath(route: RouteSpec, jobId: string): string {
  return route.path.replace(':jobID', encodeURIComponent(jobId));
}

/** A route of one order (`:orderId`). */
export function orderPath(route: RouteSpec, orderId: number): string {
  return route.path.replace(':orderId', String(orderId));
}

/** The page of one vehicle of the VIN database. */
export function vehiclePath(vin: string): string {
  return paths.vindbCarDetails.path.replace(':vin', encodeURIComponent(vin));
}

/** The page of one battery of the VIN database. */
export function batteryPath(reference: string): string {
  return paths.vindbBatteryDetails.path.replace(':reference', encodeURIComponent(reference));
}

/** The page of one rollout. */
export function rolloutPath(id: number): string {
  return paths.versionRollout.path.replace(':rolloutId', String(id));
}

/** The path of a device or accessory route for one serial number. */
export function serialNumberPath(route: RouteSpec, serialNumber: string): string {
  return route.path.replace(':serialNumber', encodeURIComponent(serialNumber));
}

export const LAST_TERMS_VERSION = 'last-version';

export function termsLink(versionNumber: string = LAST_TERMS_VERSION): string {
  return `/terms-and-conditions/${encodeURIComponent(versionNumber)}`;
}

/** Navigation state of the session screens: where to go back to. */
export interface ReturnState {
  from?: string;
}

export function returnPath(state: unknown, fallback = '/'): string {
  const from = (state as ReturnState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : fallback;
}

/** A route by the spec's name (jobs §2: the warranty check opens the route named WarrantyCodeHome). */
export function routeNamed(name: string): RouteSpec {
  const route = Object.values(paths as Record<string, RouteSpec>).find((spec) => spec.name === name);
  if (!route) throw new Error(`no route is named ${name}`);
  return route;
}
