import type { RoleCode } from '@fleet/contract';

/** Who makes a request, as the access token and the database say: what every rule of access reads. */
export interface SignedInUser {
  id: string;
  issuer: string;
  subject: string;
  name: string;
  email: string | null;
  roles: RoleCode[];
  companyId: string | null;
  wholeFleet: boolean;
  /** Features switched off on this server (DISABLED_FEATURES): what the user may use depends on them too. */
  disabledFeatures: ReadonlySet<string>;
  /** What the access token was granted for (its `scope` claim). */
  scopes: string[];
}
