/** Where the built-in identity provider answers, and its pages of our own there. */
export const IDP_PREFIX = '/idp';
/** The sign-in pages of one interaction. */
const INTERACTION_PREFIX = `${IDP_PREFIX}/interaction/`;
/** The signed-in user's profile: name, e-mail and password. */
export const PROFILE_PATH = `${IDP_PREFIX}/profile`;
export const PROFILE_PASSWORD_PATH = `${PROFILE_PATH}/password`;
/** The privacy policy, readable without signing in. */
export const PRIVACY_PATH = `${IDP_PREFIX}/privacy`;

/** OpenID Connect's userinfo endpoint (the provider's own path, answered by us: idp/userinfo.ts). */
export const USERINFO_PATH = `${IDP_PREFIX}/me`;
/** RFC 7009's revocation endpoint (the provider's; access tokens are revoked by idp/access-tokens.ts). */
export const REVOCATION_PATH = `${IDP_PREFIX}/token/revocation`;

const OWN_PAGES = [PROFILE_PATH, PROFILE_PASSWORD_PATH, PRIVACY_PATH, USERINFO_PATH];

/** The provider's own endpoints are served by oidc-provider itself; our pages by our routes. */
export function isProviderPath(url: string): boolean {
  if (!url.startsWith(`${IDP_PREFIX}/`) || url.startsWith(INTERACTION_PREFIX)) return false;
  return !OWN_PAGES.includes(pathOf(url));
}

/** A request's path as the provider routes it: no query, no trailing slash, any case. */
export function pathOf(url: string): string {
  return url.split('?', 1)[0]!.replace(/\/+$/, '').toLowerCase();
}
