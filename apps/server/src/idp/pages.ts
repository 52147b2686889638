import type { Variant } from '@fleet/contract';
import { escapeHtml } from './html.ts';
import { privacyBody } from './privacy-page.ts';
import { profileBody, type ProfileView } from './profile-page.ts';
import { PRIVACY_PATH } from './idp-paths.ts';

/**
 * The pages of the built-in identity provider, in the look of the product variant: the light
 * tool-equipment one (which follows the system's dark mode), or the dark tyre-pressure one. Every text
 * colour meets WCAG AA contrast (4.5:1) on its background.
 */
const BASE_STYLE = `
  :root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; }
  main { box-sizing: border-box; width: min(360px, 92vw); border-radius: 10px; box-shadow: 0 4px 18px rgba(0,0,0,.12); padding: 28px 28px 20px; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; } p { margin: 0 0 14px; font-size: .92rem; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 14px 0 6px; }
  input { width: 100%; box-sizing: border-box; padding: 9px 11px; border: 1px solid; border-radius: 6px; font-size: 1rem; }
  button { margin-top: 20px; width: 100%; padding: 10px; border: 0; border-radius: 6px; font-size: 1rem; font-weight: 600; cursor: pointer; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
  .error { padding: 9px 11px; border-radius: 6px; margin-bottom: 8px; }
  .stay { margin-top: 14px; text-align: center; }
  .hint { padding: 9px 11px; border-radius: 6px; font-size: .85rem; margin-top: 16px; }
  .field-error { margin: 6px 0 0; font-size: .85rem; padding: 6px 9px; }
  main.wide { width: min(760px, 94vw); margin: 24px 0; } main.wide p { line-height: 1.45; }
  h2 { font-size: 1.05rem; margin: 22px 0 8px; }
  ul { margin: 0 0 14px; padding-left: 20px; font-size: .92rem; line-height: 1.45; } li { margin-bottom: 6px; }
  dl { margin: 16px 0 0; } dt { font-weight: 600; font-size: .85rem; } dd { margin: 2px 0 12px; overflow-wrap: anywhere; }`;

/** The colours of a page theme; `pageContrasts` lists which pairs a reader must tell apart. */
export interface PagePalette {
  colorScheme: 'light' | 'dark';
  background: string;
  panel: string;
  text: string;
  muted: string;
  border: string;
  link: string;
  button: string;
  buttonText: string;
  errorBackground: string;
  errorText: string;
  hintBackground: string;
  hintText: string;
  focus: string;
}

const LIGHT: PagePalette = {
  colorScheme: 'light',
  background: '#eef2f6',
  panel: '#ffffff',
  text: '#1b2430',
  muted: '#4a5565',
  border: '#8a96a6',
  link: '#1557a8',
  button: '#1864c7',
  buttonText: '#ffffff',
  errorBackground: '#fdecec',
  errorText: '#a61b1b',
  hintBackground: '#eef6ff',
  hintText: '#174a86',
  focus: '#b35c00',
};

const DARK_BASE = {
  colorScheme: 'dark',
  background: '#12171d',
  panel: '#1d242d',
  text: '#e5e9ef',
  muted: '#b4bdca',
  border: '#6b7785',
  errorBackground: '#4a1c1c',
  errorText: '#ffd6d6',
  hintBackground: '#17304d',
  hintText: '#cfe3ff',
} as const;

/** The tool-equipment pages follow the system's dark mode, with a blue accent. */
const DARK_BLUE: PagePalette = {
  ...DARK_BASE,
  link: '#74c0fc',
  button: '#4dabf7',
  buttonText: '#0b1a2e',
  focus: '#ffd43b',
};
/** The tyre-pressure console is dark with a yellow accent: so are its sign-in pages. */
const DARK_YELLOW: PagePalette = {
  ...DARK_BASE,
  link: '#ffd43b',
  button: '#fcc419',
  buttonText: '#1b1b1b',
  focus: '#ffd43b',
};

/** Pairs of foreground and background a reader must tell apart, with the contrast WCAG AA asks of them. */
export function pageContrasts(palette: PagePalette): [string, string, string, number][] {
  return [
    ['text', palette.text, palette.panel, 4.5],
    ['muted text', palette.muted, palette.panel, 4.5],
    ['link', palette.link, palette.panel, 4.5],
    ['button', palette.buttonText, palette.button, 4.5],
    ['error', palette.errorText, palette.errorBackground, 4.5],
    ['hint', palette.hintText, palette.hintBackground, 4.5],
    ['input border', palette.border, palette.panel, 3],
    ['focus ring', palette.focus, palette.panel, 3],
  ];
}

function paletteCss(p: PagePalette): string {
  return `
  :root { color-scheme: ${p.colorScheme}; --focus: ${p.focus}; }
  body { background: ${p.background}; color: ${p.text}; } main { background: ${p.panel}; } p, li, .none { color: ${p.muted}; }
  input { border-color: ${p.border}; background: ${p.panel}; color: ${p.text}; } a { color: ${p.link}; }
  button { background: ${p.button}; color: ${p.buttonText}; }
  .error { background: ${p.errorBackground}; color: ${p.errorText}; }
  .hint { background: ${p.hintBackground}; color: ${p.hintText}; }`;
}

export const PAGE_PALETTES: Record<Variant, PagePalette[]> = {
  'tool-equipment': [LIGHT, DARK_BLUE],
  'tyre-pressure': [DARK_YELLOW],
};

const STYLES: Record<Variant, string> = {
  'tool-equipment': `${BASE_STYLE}${paletteCss(LIGHT)}@media (prefers-color-scheme: dark) {${paletteCss(DARK_BLUE)}}`,
  'tyre-pressure': `${BASE_STYLE}${paletteCss(DARK_YELLOW)}`,
};

/** A long text (the privacy policy) reads in a wider column than a form. */
function page(look: PageLook, title: string, body: string, { script = '', wide = false } = {}): string {
  const { variant, basePath } = look;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Fleet Console</title><link rel="icon" href="${escapeHtml(basePath)}/favicon.svg" type="image/svg+xml"><style>${STYLES[variant]}</style></head><body><main${wide ? ' class="wide"' : ''}>${body}</main>${script}</body></html>`;
}

export interface SignInPageOptions {
  action: string;
  username?: string;
  error?: string;
  demoMode: boolean;
}

interface PageLook {
  variant: Variant;
  /** Where the console is served: the pages share its icon. */
  basePath: string;
}

/** The pages, in the look of this product variant. */
export function idpPages(variant: Variant, basePath = '/console') {
  const look: PageLook = { variant, basePath };
  function signInPage(options: SignInPageOptions): string {
    const error = options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : '';
    const hint = options.demoMode
      ? '<div class="hint">Demo mode: sign in with a role code as username (for example <strong>administrator</strong>) and the password <strong>demo</strong>.</div>'
      : '';
    return page(
      look,
      'Sign in',
      `<h1>Sign in</h1><p>Fleet Console</p>${error}
  <form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
    <label for="username">Username</label>
    <input id="username" name="username" autocomplete="username" required autofocus maxlength="128" value="${escapeHtml(options.username ?? '')}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024">
    <button type="submit">Sign in</button>
  </form>${hint}`,
    );
  }

  /** The identity provider's sign-out confirmation form, submitted at once by a nonce'd script. */
  function signOutPage(form: string, nonce: string): string {
    return page(
      look,
      'Signing out',
      `<h1>Signing out…</h1>${form}<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>`,
      {
        script: `<script nonce="${nonce}">var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script>`,
      },
    );
  }

  /** Sign-out asked by a link the console did not make: the user confirms, so no other site can sign them out. */
  function confirmSignOutPage(form: string, consoleUrl: string): string {
    return page(
      look,
      'Sign out',
      `<h1>Sign out?</h1><p>Do you want to sign out of Fleet Console?</p>${form}
  <button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
  <p class="stay"><a href="${escapeHtml(consoleUrl)}">Stay signed in</a></p>`,
    );
  }

  function signedOutPage(consoleUrl: string): string {
    return page(
      look,
      'Signed out',
      `<h1>Signed out</h1><p>You are signed out.</p><p><a href="${escapeHtml(consoleUrl)}">Back to the console</a></p>`,
    );
  }

  function errorPage(title: string, description: string): string {
    return page(look, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p>`);
  }

  const profilePage = (view: Omit<ProfileView, 'consoleUrl' | 'privacyUrl'>) =>
    page(
      look,
      'Your profile',
      profileBody({ ...view, consoleUrl: `${basePath}/`, privacyUrl: PRIVACY_PATH }),
    );

  const privacyPage = () =>
    page(look, 'Privacy policy', `<h1>Privacy policy</h1>${privacyBody(`${basePath}/`)}`, { wide: true });

  return {
    signInPage,
    signOutPage,
    confirmSignOutPage,
    signedOutPage,
    errorPage,
    profilePage,
    privacyPage,
  };
}

export type IdpPages = ReturnType<typeof idpPages>;
