import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';
import { COMPONENT_STATUSES } from './device-records.ts';
import { JOB_TYPES } from './jobs.ts';
import { UPDATE_SUBJECTS, VERSION_KINDS } from './versions.ts';

/** Spec §3: single-letter device status codes and their names. */
export const DEVICE_STATUSES = {
  A: 'Activated',
  E: 'Deactivated',
  B: 'Blacklisted',
  R: 'Recycled',
  I: 'Discarded',
} as const;
export type DeviceStatusCode = keyof typeof DEVICE_STATUSES;
export type DeviceStatusName = (typeof DEVICE_STATUSES)[DeviceStatusCode];
export const DEVICE_STATUS_CODES = Object.keys(DEVICE_STATUSES) as DeviceStatusCode[];
export const DEVICE_STATUS_NAMES = Object.values(DEVICE_STATUSES) as DeviceStatusName[];

export function deviceStatusCode(name: string): DeviceStatusCode | undefined {
  return DEVICE_STATUS_CODES.find((code) => DEVICE_STATUSES[code].toLowerCase() === name.toLowerCase());
}

/** Store status 1 means archived. */
export const STORE_ARCHIVED = 1;

export const SERIES_SORT_COLUMNS = [
  'Id',
  'SerialNumber',
  'ActivationDate',
  'RegistrationDate',
  'Country',
  'Description',
  'DealerCode',
] as const;
export type SeriesSortColumn = (typeof SERIES_SORT_COLUMNS)[number];

export const ONLINE_STATUSES = ['Online', 'Offline'] as const;
export const EARLY_ACCESS_VALUES = ['activated', 'disabled'] as const;

/** VersionTypeFilter's values: the types of update a device's update history holds. */
export const SERIES_VERSION_TYPES = VERSION_KINDS.map((kind) => UPDATE_SUBJECTS[kind]);

/**
 * extraDataExports' values: what a devices export adds to each row besides what its card shows, each
 * for those who may see that part of a device (seriesFieldVisibility).
 */
export const SERIES_EXTRA_DATA = ['serieUsers', 'components', 'accessories'] as const;
export type SeriesExtraData = (typeof SERIES_EXTRA_DATA)[number];

/** Filters only internal members may see or send (spec §5). */
export const INTERNAL_SERIES_FILTERS = [
  'Group',
  'EarlyAccessFilter',
  'SerieStatusFilter',
  'ComponentStatusFilter',
  'OfficialStore_Id',
  'OfficialStoreCode',
] as const;

/** The series list's search tokens; the console's filter bar and the server's parameters both follow them. */
export const SERIES_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'series.filters.search', kind: 'text', unique: true, order: 0 },
  {
    type: 'StatusFilter',
    label: 'series.filters.online_status',
    kind: 'choice',
    unique: true,
    choices: ONLINE_STATUSES,
  },
  { type: 'TypeFilter', label: 'series.filters.type', kind: 'choice' },
  { type: 'MakerFilter', label: 'series.filters.maker', kind: 'choice' },
  { type: 'SoftwareVersionFilter', label: 'series.filters.software_version', kind: 'choice' },
  { type: 'DatabaseVersionFilter', label: 'series.filters.database_version', kind: 'choice' },
  { type: 'DealerCodeFilter', label: 'series.filters.dealer_code', kind: 'text' },
  // Devices with a job of one of these types: what a device's jobs tab shows.
  {
    type: 'SerieJobFilter',
    label: 'series.filters.job_type',
    kind: 'choice',
    feature: 'SERIES.DETAILS.JOBS',
  },
  // Devices updated to a version: what a device's update history shows.
  {
    type: 'VersionTypeFilter',
    label: 'series.filters.version_type',
    kind: 'choice',
    feature: 'SERIES.DETAILS.UPDATES',
  },
  {
    type: 'VersionNumberFilter',
    label: 'series.filters.version_number',
    kind: 'choice',
    feature: 'SERIES.DETAILS.UPDATES',
  },
  {
    type: 'SerieStatusFilter',
    label: 'series.filters.device_status',
    kind: 'choice',
    choices: DEVICE_STATUS_NAMES,
    internalOnly: true,
  },
  {
    type: 'ComponentStatusFilter',
    label: 'series.filters.component_status',
    kind: 'choice',
    choices: COMPONENT_STATUSES,
    internalOnly: true,
  },
  { type: 'Group', label: 'series.filters.group', kind: 'choice', internalOnly: true },
  {
    type: 'EarlyAccessFilter',
    label: 'series.filters.early_access',
    kind: 'choice',
    unique: true,
    choices: EARLY_ACCESS_VALUES,
    internalOnly: true,
  },
  { type: 'OfficialStoreCode', label: 'series.filters.store_code', kind: 'text', internalOnly: true },
  {
    type: 'OfficialStore_Id',
    label: 'series.filters.store_id',
    kind: 'text',
    unique: true,
    internalOnly: true,
    order: -1,
  },
];

export const SERIES_LIST: ListDefinition = {
  sortColumns: SERIES_SORT_COLUMNS,
  filters: tokenFilterKeys(SERIES_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

const dateTime = z.string();

const line = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** A postal address (spec §3), with the lengths a postal service accepts. */
export const storeAddressSchema = z.object({
  recipients: z.array(line(200)).max(5, 'must name at most 5 recipients').optional(),
  organization: line(200).optional(),
  addressLines: z.array(line(200)).max(5, 'must have at most 5 lines').optional(),
  administrativeArea: line(100).optional(),
  locality: line(100).optional(),
  subLocality: line(100).optional(),
  postalCode: line(20).optional(),
  sortingCode: line(20).optional(),
  /** CLDR region code, such as FR or US. */
  regionCode: z
    .string()
    .length(2, 'must be a two-letter region code such as FR or US')
    .regex(/^[A-Z]{2}$/, 'must be a two-letter region code such as FR or US')
    .optional(),
  phoneNumber: line(40).optional(),
  phoneExtension: line(10).optional(),
  /** Who gets a copy of what is sent to this address. */
  ccList: z.array(z.email().max(254)).max(10, 'must name at most 10 addresses').optional(),
  /** The address as an address provider formatted it, kept as it came. */
  providerFormattedAddress: line(500).optional(),
});

export const seriesCardSchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  description: z.string().nullable(),
  deviceStatus: z.enum(DEVICE_STATUS_CODES as [DeviceStatusCode, ...DeviceStatusCode[]]),
  deviceType: z.string(),
  maker: z.string(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  registrationDate: dateTime,
  activationDate: dateTime.nullable(),
  currentVersion: z.string().nullable(),
  currentDBVersion: z.string().nullable(),
  /** Internal members only (see seriesFieldVisibility). */
  earlyAccess: z.boolean().optional(),
  /** Internal members only. */
  group: z.object({ groupId: z.number().int(), groupName: z.string() }).nullable().optional(),
  officialStoreCode: z.string().nullable(),
  dealerCode: z.string().nullable(),
  officialStore: z
    .object({
      id: z.number().int(),
      storeStatus: z.number().int(),
      /** Only for the roles that edit or attach a store (spec §6). */
      storeAddress: storeAddressSchema.nullable().optional(),
    })
    .nullable(),
  extraData: z.object({
    storeCode: z.string().nullable(),
    dealerCode: z.string().nullable(),
    storeStatus: z.number().int().nullable(),
    storeId: z.number().int().nullable(),
  }),
});
export type SeriesCard = z.infer<typeof seriesCardSchema>;

export const seriesListAnswerSchema = z.object({
  series: z.array(seriesCardSchema),
  totalCount: z.number().int(),
});
export type SeriesListAnswer = z.infer<typeof seriesListAnswerSchema>;

export const seriesSimpleItemSchema = seriesCardSchema.pick({
  id: true,
  serialNumber: true,
  description: true,
  deviceStatus: true,
});
export const seriesSimpleListAnswerSchema = z.object({
  series: z.array(seriesSimpleItemSchema),
  totalCount: z.number().int(),
});

export const seriesFilterSuggestionsSchema = z.object({
  types: z.array(z.string()),
  makers: z.array(z.string()),
  softwareVersion: z.array(z.string()),
  databaseVersion: z.array(z.string()),
  dealerCodes: z.array(z.string()),
  /** The job types the user's devices produced (SerieJobFilter's values). */
  jobType: z.array(z.enum(JOB_TYPES)),
  /** The types and numbers of the versions the user's devices were updated to. */
  versionType: z.array(z.string()),
  versionNumber: z.array(z.string()),
  groups: z.array(z.object({ groupId: z.number().int(), groupName: z.string() })),
});
export type SeriesFilterSuggestions = z.infer<typeof seriesFilterSuggestionsSchema>;

/** A last heartbeat in year 0001 means never connected. */
export const NEVER_CONNECTED_YEAR = 1;
export const NEVER_CONNECTED_ISO = '0001-01-01T00:00:00.000Z';

export const heartbeatStatusSchema = z.object({
  isAlive: z.boolean(),
  heartBeat: z.object({ serialNumber: z.string(), lastHeartBeat: dateTime }).nullable(),
});
export type HeartbeatStatus = z.infer<typeof heartbeatStatusSchema>;

export function neverConnected(lastHeartBeat: string | null | undefined): boolean {
  return !!lastHeartBeat && new Date(lastHeartBeat).getUTCFullYear() === NEVER_CONNECTED_YEAR;
}

/** Bulk calls (selection, heartbeat and certificate status) are capped at 100 devices. */
export const BULK_LIMIT = 100;
export const serialNumberListSchema = z.array(z.string().min(1).max(32)).max(BULK_LIMIT);
