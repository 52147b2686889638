import type { IdentityProvider } from '@fleet/contract';
import { createContext, useContext } from 'react';

/**
 * - `check-failed`: the stored session could not be read (not-yet-authenticated screen)
 * - `expired`: silent renewal failed or the API refused the token (session-expired screen)
 * - `ended-elsewhere`: the user signed out in another tab; this one is signed out too, and waits for
 *   the user to sign in again rather than doing it by itself (the identity provider's session may still
 *   be ending)
 */
export type AuthStatus =
  'loading' | 'signed-in' | 'signed-out' | 'expired' | 'check-failed' | 'ended-elsewhere';

export type SignInResult = { ok: true; returnTo: string } | { ok: false; returnTo: string; error: unknown };

export interface Auth {
  status: AuthStatus;
  provider: IdentityProvider;
  providers: readonly IdentityProvider[];
  /** Redirects to the identity provider; the callback returns to `returnTo` (a path inside the console). */
  signIn: (returnTo: string) => Promise<void>;
  /** Finishes the code flow on the callback route; safe to call twice. */
  completeSignIn: () => Promise<SignInResult>;
  signOut: () => Promise<void>;
  /** Forgets the session locally, then the session-expired screen is due. */
  expire: () => Promise<void>;
  /** Remembers another provider and starts over with it. */
  switchProvider: (name: string) => Promise<void>;
  /** After a failed check (`check-failed`): reads the stored session again, the status is `loading` meanwhile. */
  recheck: () => void;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthContext');
  return auth;
}
