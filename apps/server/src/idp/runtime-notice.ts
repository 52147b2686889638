/**
 * oidc-provider 9 prints "Unsupported runtime" when it loads on Node 20 (its makers test on Node 22).
 * This console is decided on Node 20, where the provider's flows run and are tested here
 * (docs/decisions.md); the notice is left out so that it does not read as a fault at every start.
 * Called before oidc-provider is loaded (idp/provider.ts), which prints it the moment it loads.
 */
const NOTICES = [
  'oidc-provider WARNING: Unsupported runtime',
  // The revocation endpoint reads its form first (idp/access-tokens.ts) and hands it on as req.body.
  'oidc-provider WARNING: already parsed request body detected',
];
let filtered = false;

export function leaveOutRuntimeNotice(): void {
  if (filtered) return;
  filtered = true;
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && NOTICES.some((notice) => (args[0] as string).includes(notice))) return;
    warn(...args);
  };
}
