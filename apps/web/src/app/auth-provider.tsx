import type { AppSettings } from '@fleet/contract';
import type { User } from 'oidc-client-ts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type Auth, type AuthStatus, type SignInResult } from '../hooks/use-auth';
import { configureApi } from '../lib/api';
import { setCurrentUser } from '../lib/current-user';
import { currentLanguage } from '../lib/i18n';
import {
  announceSignOut,
  chosenProvider,
  consoleUrl,
  createUserManager,
  rememberProvider,
  SESSION_CHANNEL,
  storedProviderName,
  userStorageKey,
  type SessionMessage,
} from '../lib/oidc';

/** Kept across the redirect so a failed callback still knows where the user was. */
const RETURN_TO_KEY = 'fleet.returnTo';

function returnToOf(user: User | null): string {
  const state = user?.state as { returnTo?: unknown } | undefined;
  if (typeof state?.returnTo === 'string') return state.returnTo;
  return sessionStorage.getItem(RETURN_TO_KEY) ?? '/';
}

export function AuthProvider({ settings, children }: { settings: AppSettings; children: ReactNode }) {
  const provider = useMemo(() => chosenProvider(settings.authentication, storedProviderName()), [settings]);
  const manager = useMemo(() => createUserManager(provider), [provider]);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const user = useRef<User | null>(null);
  const callback = useRef<Promise<SignInResult> | null>(null);
  /** Set while the page is about to be left, so removing the user does not trigger a new sign-in. */
  const leaving = useRef(false);

  // Expired before the user is removed: the signed-out state would start a new sign-in instead.
  const expire = useCallback(async () => {
    user.current = null;
    setCurrentUser(null);
    setStatus('expired');
    await manager.removeUser();
  }, [manager]);

  const leave = useCallback(async () => {
    leaving.current = true;
    setStatus('loading');
    await manager.removeUser();
    window.location.assign(consoleUrl());
  }, [manager]);

  const signedIn = useCallback((loaded: User) => {
    user.current = loaded;
    setStatus('signed-in');
  }, []);

  /** Reads the stored session: signed in, renewed, expired, or none; `check-failed` when it cannot be read. */
  const checkStoredSession = useCallback(
    () =>
      manager
        .getUser()
        .then(async (stored) => {
          if (!stored) return setStatus('signed-out');
          if (!stored.expired) return signedIn(stored);
          // The access token ran out while the console was closed: the refresh token may still be good.
          const renewed = await manager.signinSilent().catch(() => null);
          if (renewed) signedIn(renewed);
          else await expire();
        })
        .catch(() => {
          void manager.removeUser();
          setStatus('check-failed');
        }),
    [manager, signedIn, expire],
  );

  useEffect(() => {
    configureApi({ accessToken: () => user.current?.access_token ?? null });
    const unloaded = () => {
      user.current = null;
      // An expired session and a failed check have their own screens; the removal must not replace them.
      if (!leaving.current)
        setStatus((current) =>
          current === 'expired' || current === 'check-failed' ? current : 'signed-out',
        );
    };
    const renewFailed = () => void expire();
    manager.events.addUserLoaded(signedIn);
    manager.events.addUserUnloaded(unloaded);
    // Not on accessTokenExpired: after a sleep it fires while the renewal is still under way.
    manager.events.addSilentRenewError(renewFailed);

    // The callback route completes the sign-in itself; reading the store there would race it.
    const onCallback = window.location.pathname.startsWith(`${import.meta.env.BASE_URL}auth/callback`);
    if (!onCallback) void checkStoredSession();
    return () => {
      manager.events.removeUserLoaded(signedIn);
      manager.events.removeUserUnloaded(unloaded);
      manager.events.removeSilentRenewError(renewFailed);
    };
  }, [manager, expire, signedIn, checkStoredSession]);

  // Every tab of the browser shares the one session: when another tab signs out (its stored user is
  // removed, and it says so on the session channel), this one is signed out at once and says so; when
  // another tab signs in or renews the token, this one takes the new token.
  useEffect(() => {
    const key = userStorageKey(manager);
    const endedElsewhere = () => {
      if (leaving.current || user.current === null) return;
      user.current = null;
      setCurrentUser(null);
      setStatus('ended-elsewhere');
      // The stored user is the other tab's to remove (it still reads it to end the session); this tab only
      // stops renewing it.
      manager.stopSilentRenew();
    };
    const onStorage = (event: StorageEvent) => {
      // A null key is the whole storage cleared.
      if (event.key !== null && event.key !== key) return;
      if (event.key === null || event.newValue === null) return endedElsewhere();
      void manager.getUser().then((stored) => {
        if (!stored || stored.expired) return;
        manager.startSilentRenew();
        signedIn(stored);
      });
    };
    window.addEventListener('storage', onStorage);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent<SessionMessage>) => {
        if (event.data?.type === 'signed-out') endedElsewhere();
      };
    }
    return () => {
      window.removeEventListener('storage', onStorage);
      channel?.close();
    };
  }, [manager, signedIn]);

  const recheck = useCallback(() => {
    setStatus('loading');
    void checkStoredSession();
  }, [checkStoredSession]);

  const auth = useMemo<Auth>(
    () => ({
      status,
      provider,
      providers: settings.authentication.others,
      signIn: async (returnTo) => {
        sessionStorage.setItem(RETURN_TO_KEY, returnTo);
        await manager.signinRedirect({ state: { returnTo }, ui_locales: currentLanguage() });
      },
      completeSignIn: () => {
        callback.current ??= manager.signinRedirectCallback().then(
          (signedIn): SignInResult => ({ ok: true, returnTo: returnToOf(signedIn) }),
          (error: unknown): SignInResult => {
            setStatus('signed-out');
            return { ok: false, returnTo: returnToOf(null), error };
          },
        );
        return callback.current;
      },
      signOut: async () => {
        setCurrentUser(null);
        // signoutRedirect removes the user first; that must not start a new sign-in.
        leaving.current = true;
        // The other tabs see the stored user go as well; the message reaches them even where it stays.
        announceSignOut();
        try {
          await manager.signoutRedirect();
        } catch {
          // The provider offers no end-session endpoint: forget the session here at least.
          await leave();
        }
      },
      expire,
      switchProvider: async (name) => {
        rememberProvider(name);
        await leave();
      },
      recheck,
    }),
    [status, provider, manager, settings, leave, expire, recheck],
  );

  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
