import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem } from '../lib/passwords.ts';
import { escapeHtml } from './html.ts';

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmation';

/** What the profile page shows: the account, and the password form with its problems per field. */
export interface ProfileView {
  name: string;
  username: string | null;
  email: string | null;
  /** Demo accounts keep the password the sign-in page publishes. */
  demo: boolean;
  action: string;
  /** The form's token, bound to this browser's session. */
  formToken: string;
  errors?: Partial<Record<PasswordField, string>>;
  /** Said above the account, as a status: the password was just changed. */
  notice?: string;
  consoleUrl: string;
  privacyUrl: string;
}

/** Each broken rule of a new password in plain words, said beside the new password. */
export const PASSWORD_PROBLEMS: Record<PasswordProblem, string> = {
  'too-short': `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  'too-long': `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  'has-username': 'Do not use your username in your password.',
  unchanged: 'Choose a password other than your current one.',
};

const FIELDS: { field: PasswordField; label: string; autocomplete: string; rule?: string }[] = [
  { field: 'currentPassword', label: 'Current password', autocomplete: 'current-password' },
  {
    field: 'newPassword',
    label: 'New password',
    autocomplete: 'new-password',
    rule: ` minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}"`,
  },
  { field: 'confirmation', label: 'New password again', autocomplete: 'new-password' },
];

function fieldHtml(
  { field, label, autocomplete, rule }: (typeof FIELDS)[number],
  error: string | undefined,
): string {
  const described = error ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
  const message = error
    ? `<div class="error field-error" id="${field}-error">${escapeHtml(error)}</div>`
    : '';
  return `<label for="${field}">${label}</label>
    <input id="${field}" name="${field}" type="password" autocomplete="${autocomplete}" required${rule ?? ' maxlength="1024"'}${described}>${message}`;
}

function passwordForm(view: ProfileView): string {
  if (view.demo)
    return '<p>This is a demo account: its password stays <strong>demo</strong>, the one the sign-in page gives everyone, so that anyone trying the console (and its simulated technicians) can sign in.</p>';
  return `<p>At least ${PASSWORD_MIN_LENGTH} characters; a few unrelated words make a password that is long and easy to remember. Changing it signs you out everywhere else.</p>
  <form method="post" action="${escapeHtml(view.action)}" autocomplete="on">
    <input type="hidden" name="formToken" value="${escapeHtml(view.formToken)}">
    <input type="text" name="username" value="${escapeHtml(view.username ?? '')}" autocomplete="username" hidden readonly>
    ${FIELDS.map((field) => fieldHtml(field, view.errors?.[field.field])).join('\n    ')}
    <button type="submit">Change password</button>
  </form>`;
}

/** The page's content: who is signed in, and their password. */
export function profileBody(view: ProfileView): string {
  const notice = view.notice ? `<div class="hint" role="status">${escapeHtml(view.notice)}</div>` : '';
  const row = (term: string, value: string | null) =>
    `<dt>${term}</dt><dd>${value ? escapeHtml(value) : '<span class="none">None</span>'}</dd>`;
  return `<h1>Your profile</h1><p>Fleet Console</p>${notice}
  <dl>${row('Name', view.name)}${row('Username', view.username)}${row('E-mail', view.email)}</dl>
  <h2>Password</h2>${passwordForm(view)}
  <p class="stay"><a href="${escapeHtml(view.consoleUrl)}">Back to the console</a> · <a href="${escapeHtml(view.privacyUrl)}">Privacy policy</a></p>`;
}
