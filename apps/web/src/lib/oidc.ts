import type { AppSettings, IdentityProvider } from '@fleet/contract';
import { TIMING } from '@fleet/contract';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

export const PROVIDER_STORAGE_KEY = 'fleet.identityProvider';

/** The provider the user picked in the footer, else the configured one, else the first offered. */
export function chosenProvider(
  authentication: AppSettings['authentication'],
  stored: string | null,
): IdentityProvider {
  const { others, name } = authentication;
  const provider =
    others.find((other) => other.name === stored) ?? others.find((other) => other.name === name) ?? others[0];
  if (!provider) throw new Error('No identity provider configured');
  return provider;
}

export function storedProviderName(): string | null {
  return localStorage.getItem(PROVIDER_STORAGE_KEY);
}

export function rememberProvider(name: string): void {
  localStorage.setItem(PROVIDER_STORAGE_KEY, name);
}

/** `origin` + base path, such as `http://localhost:8080/console/`. */
export function consoleUrl(
  origin: string = window.location.origin,
  base: string = import.meta.env.BASE_URL,
): string {
  return `${origin}${base}`;
}

export function createUserManager(provider: IdentityProvider, url: string = consoleUrl()): UserManager {
  const resource: Record<string, string> = provider.resource ? { resource: provider.resource } : {};
  const audience: Record<string, string> = provider.audience ? { audience: provider.audience } : {};
  return new UserManager({
    authority: provider.authority,
    client_id: provider.clientId,
    scope: provider.scope,
    redirect_uri: `${url}auth/callback`,
    post_logout_redirect_uri: url,
    response_type: 'code',
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TIMING.silentRenewBeforeExpirySeconds,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    extraQueryParams: { ...resource, ...audience },
    extraTokenParams: resource,
  });
}

/** The local-storage key under which oidc-client-ts keeps the signed-in user of this manager. */
export function userStorageKey(manager: UserManager): string {
  return `oidc.user:${manager.settings.authority}:${manager.settings.client_id}`;
}

/** The channel the console's tabs tell each other about the end of the session on. */
export const SESSION_CHANNEL = 'fleet.session';

export type SessionMessage = { type: 'signed-out' };

/** Tells the other tabs of this browser that the session ended here (where BroadcastChannel exists). */
export function announceSignOut(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage({ type: 'signed-out' } satisfies SessionMessage);
  channel.close();
}
