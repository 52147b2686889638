/** Where the built-in identity provider answers, and its pages of our own there. */
export const IDP_PREFIX = '/idp';
/** The sign-in pages of one interaction. */
const INTERACTION_PREFIX = `${IDP_PREFIX}/interaction/`;
/** The signed-in user's profile: name, e-mail and password. */
export const PROFILE_PATH = `${IDP_PREFIX}/profile`;
export const PROFILE_PASSWORD_PATH = `${PROFILE_PATH}/password`;
/** The privacy policy, readable without signing in. */
export const PRIVACY_PATH = `${IDP_PREFIX}/privacy`;

const OWN_PAGES = [PROFILE_PATH, PROFILE_PASSWORD_PATH, PRIVACY_PATH];

/** The provider's own endpoints are served by oidc-provider itself; our pages by our routes. */
export function isProviderPath(url: string): boolean {
  if (!url.startsWith(`${IDP_PREFIX}/`) || url.startsWith(INTERACTION_PREFIX)) return false;
  const path = url.split('?', 1)[0]!.replace(/\/+$/, '').toLowerCase();
  return !OWN_PAGES.includes(path);
}
