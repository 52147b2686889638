import { z } from 'zod';
import { MAX_ID } from './api.ts';
import { FEATURE_CODES, canUseFeature, type FeatureCode } from './features.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { ROLE_CATALOGUE, ROLE_CODES, type RoleCode, type RoleKind } from './roles.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

/** Whose a company is: the maker's own, a customer's, or a partner's (a calibration lab, a dealer). */
export const COMPANY_KINDS = ['maker', 'customer', 'partner'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

/** Roles only an administrator grants or removes, and whose holders only an administrator changes. */
export const ADMIN_CLASS_ROLES: readonly RoleCode[] = [
  'old-administrator',
  'administrator',
  'old-super-user',
];
/** The roles that change administrator-class rights. */
export const RIGHTS_ADMINISTRATORS: readonly RoleCode[] = ['old-administrator', 'administrator'];

/** The features a role reaches, drawn from the feature tree (a feature open to everyone included). */
export function featuresOfRole(role: RoleCode): FeatureCode[] {
  return FEATURE_CODES.filter((code) => canUseFeature(code, [role]));
}

const kindOfRole = new Map(ROLE_CATALOGUE.map((role) => [role.code, role.kind]));

/** The company kinds a holder of each kind of role may belong to (docs/company-tools.md). */
const COMPANY_KINDS_OF_ROLE: Record<RoleKind, readonly CompanyKind[]> = {
  internal: ['maker'],
  customer: ['customer'],
  partner: ['maker', 'customer', 'partner'],
};

export interface RightsChange {
  /** Who changes: their roles and id. */
  actor: { id: string; roles: readonly string[] };
  target: { id: string; roles: readonly RoleCode[] };
  roles: readonly RoleCode[];
  /** The kind of the company the user will belong to; null for none. */
  companyKind: CompanyKind | null;
}

export interface RightsProblem {
  status: 400 | 403 | 409;
  field: string;
  message: string;
  /** Which rule, for the console's own words (`rights.problems.<code>`). */
  code: 'administrator_target' | 'administrator_grant' | 'company_kind' | 'own_rights';
  values?: Record<string, string>;
}

/**
 * The rules of a change of a user's rights (docs/company-tools.md), checked on the server and shown by
 * the console before it sends: administrator-class rights are an administrator's to give, take or
 * change; roles fit the user's company; nobody takes away their own right to manage rights.
 */
export function rightsChangeProblems(change: RightsChange): RightsProblem[] {
  const problems: RightsProblem[] = [];
  const actorIsAdmin = change.actor.roles.some((role) => RIGHTS_ADMINISTRATORS.includes(role as RoleCode));
  if (!actorIsAdmin) {
    if (change.target.roles.some((role) => ADMIN_CLASS_ROLES.includes(role)))
      problems.push({
        status: 403,
        field: 'params.id',
        message: 'only an administrator changes the rights of an administrator',
        code: 'administrator_target',
      });
    const granted = change.roles.find(
      (role) => ADMIN_CLASS_ROLES.includes(role) && !change.target.roles.includes(role),
    );
    if (granted)
      problems.push({
        status: 403,
        field: 'body.roles',
        message: `only an administrator grants ${granted}`,
        code: 'administrator_grant',
        values: { role: granted },
      });
  }
  for (const role of change.roles) {
    const allowed = COMPANY_KINDS_OF_ROLE[kindOfRole.get(role) ?? 'customer'];
    if (change.companyKind === null || !allowed.includes(change.companyKind)) {
      problems.push({
        status: 400,
        field: 'body.roles',
        message: `${role} is for users of ${allowed.map((kind) => `a ${kind}`).join(' or ')} company`,
        code: 'company_kind',
        values: { role },
      });
      break;
    }
  }
  if (
    change.actor.id === change.target.id &&
    canUseFeature('RIGHTS.USERS', change.actor.roles) &&
    !canUseFeature('RIGHTS.USERS', change.roles)
  )
    problems.push({
      status: 409,
      field: 'body.roles',
      message: 'you cannot take away your own right to manage rights',
      code: 'own_rights',
    });
  return problems;
}

export const RIGHTS_USER_SORT_COLUMNS = ['Name', 'Username', 'LastSeen'] as const;

/** The users list's filters. */
export const RIGHTS_USER_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'rights.filters.search', kind: 'text', unique: true, order: 0 },
  { type: 'Company', label: 'rights.filters.company', kind: 'choice', order: 1 },
  { type: 'Role', label: 'rights.filters.role', kind: 'choice', choices: ROLE_CODES, order: 2 },
  { type: 'Group', label: 'rights.filters.group', kind: 'choice', order: 3 },
];

export const RIGHTS_USER_LIST: ListDefinition = {
  sortColumns: RIGHTS_USER_SORT_COLUMNS,
  filters: tokenFilterKeys(RIGHTS_USER_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

export const rightsUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  companyId: z.string().nullable(),
  roles: z.array(z.enum(ROLE_CODES)),
  groupIds: z.array(z.number().int()),
  lastSeenAt: z.string().nullable(),
  /** A demo account: signs in only while demo mode is on. */
  demo: z.boolean(),
});
export type RightsUser = z.infer<typeof rightsUserSchema>;

export const rightsUserListAnswerSchema = z.object({
  users: z.array(rightsUserSchema),
  totalCount: z.number().int(),
});
export type RightsUserListAnswer = z.infer<typeof rightsUserListAnswerSchema>;

export const USER_GROUPS_MAX = 50;

export const rightsUserBodySchema = z.object({
  roles: z
    .array(z.enum(ROLE_CODES))
    .max(ROLE_CODES.length)
    .refine((roles) => new Set(roles).size === roles.length, 'must name each role once'),
  companyId: z.uuid().nullable(),
  groupIds: z
    .array(z.number().int().min(1).max(MAX_ID))
    .max(USER_GROUPS_MAX, `must name at most ${USER_GROUPS_MAX} groups`)
    .refine((ids) => new Set(ids).size === ids.length, 'must name each group once'),
});
export type RightsUserBody = z.infer<typeof rightsUserBodySchema>;

/** Configuration's users: a user moved to another company and/or groups, roles untouched, by the same rules. */
export const userPlacementBodySchema = rightsUserBodySchema
  .pick({ companyId: true, groupIds: true })
  .strict();
export type UserPlacementBody = z.infer<typeof userPlacementBodySchema>;

export const roleSummarySchema = z.object({
  code: z.enum(ROLE_CODES),
  kind: z.enum(['internal', 'partner', 'customer']),
  userCount: z.number().int(),
});
export const roleSummaryListAnswerSchema = z.object({ roles: z.array(roleSummarySchema) });

export const groupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceCount: z.number().int(),
  storeCount: z.number().int(),
  userCount: z.number().int(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;
export const groupSummaryListAnswerSchema = z.object({ groups: z.array(groupSummarySchema) });

export const GROUP_NAME_MAX_LENGTH = 100;
export const groupBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(GROUP_NAME_MAX_LENGTH, `must be at most ${GROUP_NAME_MAX_LENGTH} characters`),
});
