/** The role catalogue. Role codes double as the demo usernames. */
export const INTERNAL_ROLES = [
  'old-administrator',
  'old-super-user',
  'old-user',
  'factory-manager',
  'factory-user',
  'support-manager',
  'support-user',
  'support-config',
  'database-manager',
  'database-user',
  'devops-manager',
  'devops-user',
  'device-delivery-manager',
  'device-delivery-user',
  'business',
  'administrator',
  'accounting',
] as const;

export const PARTNER_ROLES = [
  'external-esat',
  'esat-stat-viewer',
  'external-calibrator',
  'external-service-center-manager',
  'location-viewer',
] as const;

export const CUSTOMER_ROLES = [
  'series-user',
  'customer-engineering-export',
  'customer-engineering-manager',
  'customer-engineering-user',
  'customer-warranty-manager',
  'customer-warranty-user',
  'dashboard-viewer',
  'dashboard-editor',
] as const;

export const ROLE_CODES = [...INTERNAL_ROLES, ...PARTNER_ROLES, ...CUSTOMER_ROLES] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export type RoleKind = 'internal' | 'partner' | 'customer';

export interface RoleDefinition {
  code: RoleCode;
  name: string;
  kind: RoleKind;
}

const ROLE_NAMES: Record<RoleCode, string> = {
  'old-administrator': 'Old administrator',
  'old-super-user': 'Old super user',
  'old-user': 'Old user',
  'factory-manager': 'Factory manager',
  'factory-user': 'Factory user',
  'support-manager': 'Support manager',
  'support-user': 'Support user',
  'support-config': 'Support config',
  'database-manager': 'Database manager',
  'database-user': 'Database user',
  'devops-manager': 'DevOps manager',
  'devops-user': 'DevOps user',
  'device-delivery-manager': 'Device delivery manager',
  'device-delivery-user': 'Device delivery user',
  business: 'Business',
  administrator: 'Administrator',
  accounting: 'Accounting',
  'external-esat': 'External ESAT',
  'esat-stat-viewer': 'ESAT stat viewer',
  'external-calibrator': 'External calibrator',
  'external-service-center-manager': 'External service center manager',
  'location-viewer': 'Location viewer',
  'series-user': 'Series user',
  'customer-engineering-export': 'Customer engineering export',
  'customer-engineering-manager': 'Customer engineering manager',
  'customer-engineering-user': 'Customer engineering user',
  'customer-warranty-manager': 'Customer warranty manager',
  'customer-warranty-user': 'Customer warranty user',
  'dashboard-viewer': 'Dashboard viewer',
  'dashboard-editor': 'Dashboard editor',
};

function kindOf(code: RoleCode): RoleKind {
  if ((INTERNAL_ROLES as readonly string[]).includes(code)) return 'internal';
  if ((PARTNER_ROLES as readonly string[]).includes(code)) return 'partner';
  return 'customer';
}

export const ROLE_CATALOGUE: readonly RoleDefinition[] = ROLE_CODES.map((code) => ({
  code,
  name: ROLE_NAMES[code],
  kind: kindOf(code),
}));

export function isRoleCode(value: string): value is RoleCode {
  return (ROLE_CODES as readonly string[]).includes(value);
}

/** Internal administrators: the language switcher and other staff-only tools. */
export const INTERNAL_ADMINISTRATORS: readonly RoleCode[] = ['old-administrator', 'administrator'];

/**
 * A user sees the whole fleet only through an internal role; every other user is scoped
 * to the devices of their own company (customers, series users and partners alike).
 */
export function seesWholeFleet(roles: readonly string[]): boolean {
  return roles.some((role) => (INTERNAL_ROLES as readonly string[]).includes(role));
}

/** Spec §5: an empty or missing requirement means allowed; otherwise at least one listed role. */
export function hasAnyRole(required: readonly string[] | undefined, roles: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  return required.some((role) => roles.includes(role));
}
