import { INTERNAL_ROLES, isRoleCode, hasAnyRole, type RoleCode } from './roles.ts';

/**
 * The feature tree of spec §2 with the role lists of spec §6. A feature without its own
 * `roles` inherits those of its nearest parent that has them. Design choices for the
 * mappings the spec leaves open are written down in docs/rights.md.
 */
export interface FeatureDefinition {
  readonly roles?: readonly RoleCode[];
  readonly children?: Readonly<Record<string, FeatureDefinition>>;
}

const ADMINS = ['old-administrator', 'administrator'] as const satisfies readonly RoleCode[];
const ADMIN_CLASS = [...ADMINS, 'old-super-user'] as const satisfies readonly RoleCode[];
const INTERNAL: readonly RoleCode[] = INTERNAL_ROLES;
const SUPPORT = ['support-manager', 'support-user'] as const satisfies readonly RoleCode[];
const DEVOPS = ['devops-manager', 'devops-user'] as const satisfies readonly RoleCode[];
const FACTORY = ['factory-manager', 'factory-user'] as const satisfies readonly RoleCode[];
const DATABASE = ['database-manager', 'database-user'] as const satisfies readonly RoleCode[];
const CUSTOMER_ENGINEERING = [
  'customer-engineering-manager',
  'customer-engineering-user',
  'customer-engineering-export',
] as const satisfies readonly RoleCode[];
const CUSTOMER_WARRANTY = [
  'customer-warranty-manager',
  'customer-warranty-user',
] as const satisfies readonly RoleCode[];
const DEVICE_VIEWERS: readonly RoleCode[] = [
  ...INTERNAL,
  'series-user',
  ...CUSTOMER_ENGINEERING,
  ...CUSTOMER_WARRANTY,
  'external-calibrator',
  'external-service-center-manager',
];
const SHOPPING_STAFF: readonly RoleCode[] = [...ADMINS, ...SUPPORT, ...DEVOPS, 'business'];
const VINDB_WRITERS: readonly RoleCode[] = [...ADMIN_CLASS, 'database-manager'];
const LIVE_STAFF: readonly RoleCode[] = ['administrator', 'support-manager', 'devops-manager'];

export const FEATURE_TREE = {
  SERIES: {
    // The location viewer finds devices and opens their page for the geolocations tab, nothing more.
    roles: [...DEVICE_VIEWERS, 'location-viewer'],
    children: {
      LIST: {},
      ACCESSORIES: { roles: DEVICE_VIEWERS, children: { LIST: {}, DETAILS: {} } },
      DETAILS: {
        children: {
          JOBS: { roles: DEVICE_VIEWERS },
          USERS: { roles: DEVICE_VIEWERS },
          SCREENSHOTS: { roles: [...INTERNAL, ...CUSTOMER_ENGINEERING, 'external-calibrator'] },
          COMPONENTS: { roles: DEVICE_VIEWERS },
          LOGS: { roles: [...ADMIN_CLASS, ...SUPPORT, ...DEVOPS] },
          CONNECTIONS: { roles: DEVICE_VIEWERS },
          UPDATES: { roles: DEVICE_VIEWERS },
          CONFIGURATION: { roles: [...ADMIN_CLASS, ...SUPPORT, 'support-config', ...DEVOPS, ...FACTORY] },
          CERTIFICATES: { roles: DEVICE_VIEWERS },
          GEOLOCATIONS: {
            roles: [...ADMIN_CLASS, ...SUPPORT, ...DEVOPS, 'location-viewer', 'customer-engineering-manager'],
          },
        },
      },
    },
  },
  WARRANTY: {
    roles: [...INTERNAL, ...CUSTOMER_WARRANTY, 'external-calibrator'],
    children: { DECODE: {}, DECODEBULK: {} },
  },
  CALIBRATION_REQUEST: { roles: [...ADMINS, 'customer-engineering-manager', 'customer-engineering-user'] },
  SERVICES: { roles: [...ADMINS, ...SUPPORT, 'customer-engineering-manager', 'customer-engineering-user'] },
  COMPANY: { roles: INTERNAL },
  USER: { roles: [], children: { SPACE: {} } },
  DASHBOARD: {
    roles: [...ADMINS, 'dashboard-viewer', 'dashboard-editor', 'customer-engineering-manager'],
    children: { EDIT: { roles: [...ADMINS, 'dashboard-editor'] } },
  },
  RIGHTS: {
    roles: [...ADMIN_CLASS, ...SUPPORT],
    children: { USERS: {}, GROUPS: {}, ROLES: {} },
  },
  CERTIFICATES: {
    roles: [...ADMIN_CLASS, ...SUPPORT, ...FACTORY, 'external-calibrator'],
    // Deliveries and templates are the maker's own business: an external calibrator registers and
    // assigns, and does not see what other companies were sent.
    children: {
      FIND: {},
      REGISTER: {},
      ASSIGN: {},
      DELIVERY: { roles: [...ADMIN_CLASS, ...SUPPORT, ...FACTORY] },
      NEW_DELIVERY: { roles: [...ADMIN_CLASS, ...SUPPORT, ...FACTORY] },
      TEMPLATES: { roles: [...ADMIN_CLASS, ...SUPPORT, ...FACTORY] },
    },
  },
  CERTIFICATESSTATUSES: { roles: DEVICE_VIEWERS },
  STORES: {
    roles: [
      ...ADMINS,
      ...SUPPORT,
      'support-config',
      ...DEVOPS,
      'business',
      'customer-engineering-manager',
      'location-viewer',
    ],
    children: {
      IMPORT: {},
      EXPORT: {},
      EDIT: {
        roles: [
          'administrator',
          ...SUPPORT,
          'support-config',
          'devops-manager',
          'customer-engineering-manager',
        ],
      },
    },
  },
  CONFIGURATION: {
    roles: [...ADMIN_CLASS, 'support-manager', 'support-config', 'devops-manager'],
    children: { GROUPS: {}, DEVICES: {}, USERS: {}, PARTNUMBERS: {}, MIGRATION: {}, SETTINGS: {} },
  },
  CORRUPTEDJOBS: { roles: [...ADMIN_CLASS, ...SUPPORT, ...DEVOPS] },
  FACTORY: { roles: [...ADMIN_CLASS, ...FACTORY] },
  LOGS: { roles: [...ADMIN_CLASS, ...DEVOPS, 'support-manager'] },
  SERIALNUMBER: { roles: [...ADMIN_CLASS, ...FACTORY, ...DATABASE] },
  TRANSLATION: {
    roles: ADMINS,
    children: { LIST: {}, TARGETS: {}, LANGUAGES: {}, OBJECTS: {} },
  },
  VERSIONS: {
    roles: [...ADMIN_CLASS, ...SUPPORT, ...DEVOPS],
    children: {
      EAPONSPECIFIED: { roles: [...ADMINS, 'devops-manager'] },
      UPLOAD: { roles: [...ADMINS, 'devops-manager'] },
      DELETESPECIFIED: { roles: [...ADMINS, 'devops-manager'] },
      SEECONTENT: {},
      DOWNLOADSPECIFIED: {},
    },
  },
  VINDB: {
    roles: [...ADMIN_CLASS, ...DATABASE],
    // Database users read and export the records; their managers write them (docs/rights.md).
    children: {
      CAR: { children: { CREATE: { roles: VINDB_WRITERS }, DETAILS: {} } },
      BATTERY: { children: { CREATE: { roles: VINDB_WRITERS }, DETAILS: {} } },
      IMPORT: { roles: VINDB_WRITERS },
      EXPORT: {},
    },
  },
  ORDERS: { roles: [...ADMINS, 'customer-engineering-manager', 'customer-engineering-user'] },
  SHOPPING: {
    roles: SHOPPING_STAFF,
    children: {
      MANAGE: {
        children: {
          CATEGORIES: {},
          CURRENCIES: {},
          PRODUCTS: {},
          SKUS: {},
          SERVICE_CENTERS: {},
          ORDERS: {
            roles: [...SHOPPING_STAFF, 'external-service-center-manager', 'external-calibrator'],
            children: { ADDRESSES: { roles: [...ADMINS, 'support-manager'] } },
          },
          PACKAGES: { roles: [...SHOPPING_STAFF, 'external-service-center-manager', 'external-calibrator'] },
          PACKAGE_PICKUPS: {},
          AUDITS: {},
          PAYMENT_METHOD_TYPES: {},
          INTERNAL_STEPS: {
            roles: [...SHOPPING_STAFF, 'external-service-center-manager', 'external-calibrator'],
          },
        },
      },
    },
  },
  SERVICE_CENTERS: { roles: [...ADMINS, 'support-manager', 'external-service-center-manager'] },
  SHIPMENT_PROVIDERS: {
    roles: [...ADMINS, 'support-manager', 'external-service-center-manager', 'external-calibrator'],
    children: { MANAGE: {}, MANAGE_GLOBAL: { roles: ADMINS } },
  },
  ACCOUNTING_MANAGE: {
    roles: ['administrator', 'accounting'],
    children: {
      ACCOUNTS: {},
      CUSTOMER_ACCOUNTS: {},
      SALES_JOURNAL: {},
      PAYMENTS_JOURNAL: {},
      CUSTOMS_DECLARATION: {},
    },
  },
  STATISTICS: {
    roles: ['administrator', 'esat-stat-viewer'],
    children: { ESAT: { roles: ['administrator', 'esat-stat-viewer', 'external-esat'] } },
  },
  // Integrators' endpoints (docs/notifications.md): the maker's staff for every company, a customer's
  // engineering manager for their own.
  WEBHOOKS: { roles: ['administrator', 'support-manager', 'devops-manager', 'customer-engineering-manager'] },
  CONNECTED_DEVICES: { roles: LIVE_STAFF },
  DEVICES_SUPPORT: { roles: LIVE_STAFF },
  // Spec §6, with the customer-engineering-export role, for whom the task dropdown also appears: the task
  // list is where its holder collects an export, so only they may ask for one (docs/tasks.md).
  TASKS: {
    roles: [
      'administrator',
      'devops-manager',
      'support-manager',
      'support-user',
      'customer-engineering-export',
    ],
  },
  JOBS: {
    roles: [...DEVICE_VIEWERS, 'dashboard-viewer', 'dashboard-editor'],
    children: {
      LIST: { children: { ARCHIVED: {}, ASSOCIATIONS: { roles: ADMINS } } },
      SYNTHETIC: {},
      EDIT: { roles: [...ADMIN_CLASS, ...SUPPORT] },
      EDIT_LAYOUT: { roles: ADMINS },
      SHOW_TAGS: { roles: INTERNAL },
      EXPORT: { roles: [...INTERNAL, 'customer-engineering-export'] },
    },
  },
} as const satisfies Record<string, FeatureDefinition>;

type ChildCodes<T, Prefix extends string> = T extends { children: infer C }
  ? FeatureCodesOf<C, `${Prefix}.`>
  : never;
type FeatureCodesOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: `${Prefix}${K}` | ChildCodes<T[K], `${Prefix}${K}`>;
}[keyof T & string];

/** Every dotted feature code, such as `SERIES.DETAILS.USERS`. */
export type FeatureCode = FeatureCodesOf<typeof FEATURE_TREE>;

export interface FeatureEntry {
  code: string;
  parent: string | null;
  /** The roles in force: its own, or its nearest parent's. */
  roles: readonly RoleCode[];
}

export class InvalidFeatureDefinition extends Error {
  override name = 'InvalidFeatureDefinition';
}

const SEGMENT = /^[A-Z][A-Z0-9_]*$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkRoles(code: string, roles: unknown): readonly RoleCode[] {
  if (!Array.isArray(roles)) throw new InvalidFeatureDefinition(`${code}: roles must be a list`);
  for (const role of roles) {
    if (typeof role !== 'string' || !isRoleCode(role)) {
      throw new InvalidFeatureDefinition(`${code}: unknown role ${String(role)}`);
    }
  }
  return [...new Set(roles as RoleCode[])];
}

/** Flattens a feature tree into dotted codes with their roles in force; throws on an invalid definition. */
export function buildFeatureCatalogue(tree: unknown): ReadonlyMap<string, FeatureEntry> {
  const catalogue = new Map<string, FeatureEntry>();
  const walk = (node: unknown, parent: FeatureEntry | null) => {
    if (!isPlainObject(node))
      throw new InvalidFeatureDefinition(`${parent?.code ?? 'root'}: children must be an object`);
    for (const [segment, definition] of Object.entries(node)) {
      const code = parent ? `${parent.code}.${segment}` : segment;
      if (!SEGMENT.test(segment)) throw new InvalidFeatureDefinition(`${code}: invalid feature name`);
      if (!isPlainObject(definition))
        throw new InvalidFeatureDefinition(`${code}: definition must be an object`);
      const unknownKeys = Object.keys(definition).filter((key) => key !== 'roles' && key !== 'children');
      if (unknownKeys.length > 0)
        throw new InvalidFeatureDefinition(`${code}: unknown keys ${unknownKeys.join(', ')}`);
      let roles: readonly RoleCode[];
      if (definition.roles !== undefined) roles = checkRoles(code, definition.roles);
      else if (parent) roles = parent.roles;
      else throw new InvalidFeatureDefinition(`${code}: a top-level feature must list its roles`);
      const entry: FeatureEntry = { code, parent: parent?.code ?? null, roles };
      catalogue.set(code, entry);
      if (definition.children !== undefined) walk(definition.children, entry);
    }
  };
  walk(tree, null);
  return catalogue;
}

export const FEATURE_CATALOGUE = buildFeatureCatalogue(FEATURE_TREE);

/** The roles with a task list: only they may ask for work done as a task (`taskStartAccess` in tasks.ts). */
export const TASK_ROLES = FEATURE_CATALOGUE.get('TASKS')!.roles;
export const FEATURE_CODES = [...FEATURE_CATALOGUE.keys()] as FeatureCode[];

export function isFeatureCode(value: string): value is FeatureCode {
  return FEATURE_CATALOGUE.has(value);
}

/** A feature is enabled unless it or one of its ancestors is disabled. */
export function isFeatureEnabled(code: string, disabled: ReadonlySet<string>): boolean {
  for (let current: string | null = code; current; current = FEATURE_CATALOGUE.get(current)?.parent ?? null) {
    if (disabled.has(current)) return false;
  }
  return true;
}

/**
 * The one access check: may a holder of these roles use this feature? The feature must
 * exist, be enabled, and the roles must satisfy its requirement (an empty one allows all).
 */
export function canUseFeature(
  code: string,
  roles: readonly string[],
  disabled: ReadonlySet<string> = new Set(),
): boolean {
  const entry = FEATURE_CATALOGUE.get(code);
  if (!entry) throw new InvalidFeatureDefinition(`unknown feature ${code}`);
  return isFeatureEnabled(code, disabled) && hasAnyRole(entry.roles, roles);
}

export function usableFeatures(
  roles: readonly string[],
  disabled: ReadonlySet<string> = new Set(),
): FeatureCode[] {
  return FEATURE_CODES.filter((code) => canUseFeature(code, roles, disabled));
}
