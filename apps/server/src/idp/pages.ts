const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f6; color: #1b2430; }
  main { width: min(360px, 92vw); background: #fff; border-radius: 10px; box-shadow: 0 4px 18px rgba(0,0,0,.12); padding: 28px 28px 20px; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; } p { margin: 0 0 14px; color: #4a5565; font-size: .92rem; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 14px 0 6px; }
  input { width: 100%; box-sizing: border-box; padding: 9px 11px; border: 1px solid #b8c2cf; border-radius: 6px; font-size: 1rem; }
  button { margin-top: 20px; width: 100%; padding: 10px; border: 0; border-radius: 6px; background: #1c6dd0; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f5a524; outline-offset: 1px; }
  .error { background: #fdecec; color: #a61b1b; padding: 9px 11px; border-radius: 6px; margin-bottom: 8px; }
  .stay { margin-top: 14px; text-align: center; }
  .hint { background: #eef6ff; color: #174a86; padding: 9px 11px; border-radius: 6px; font-size: .85rem; margin-top: 16px; }
  @media (prefers-color-scheme: dark) {
    body { background: #12171d; color: #e5e9ef; } main { background: #1d242d; } p { color: #aab4c2; }
    input { background: #12171d; color: #e5e9ef; border-color: #3b4653; } .hint { background: #17304d; color: #cfe3ff; }
  }`;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function page(title: string, body: string, script = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Fleet Console</title><style>${STYLE}</style></head><body><main>${body}</main>${script}</body></html>`;
}

export interface SignInPageOptions {
  action: string;
  username?: string;
  error?: string;
  demoMode: boolean;
}

export function signInPage(options: SignInPageOptions): string {
  const error = options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : '';
  const hint = options.demoMode
    ? '<div class="hint">Demo mode: sign in with a role code as username (for example <strong>administrator</strong>) and the password <strong>demo</strong>.</div>'
    : '';
  return page(
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
export function signOutPage(form: string, nonce: string): string {
  return page(
    'Signing out',
    `<h1>Signing out…</h1>${form}<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>`,
    `<script nonce="${nonce}">var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script>`,
  );
}

/** Sign-out asked by a link the console did not make: the user confirms, so no other site can sign them out. */
export function confirmSignOutPage(form: string, consoleUrl: string): string {
  return page(
    'Sign out',
    `<h1>Sign out?</h1><p>Do you want to sign out of Fleet Console?</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<p class="stay"><a href="${escapeHtml(consoleUrl)}">Stay signed in</a></p>`,
  );
}

export function signedOutPage(consoleUrl: string): string {
  return page(
    'Signed out',
    `<h1>Signed out</h1><p>You are signed out.</p><p><a href="${escapeHtml(consoleUrl)}">Back to the console</a></p>`,
  );
}

export function errorPage(title: string, description: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p>`);
}
