import { escapeHtml } from './html.ts';

interface Section {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/**
 * The privacy policy of Fleet Console as delivered: what it keeps about the people who use it, why, for
 * how long, who sees it and how to ask for changes. Each fact is what the product does (docs/decisions.md,
 * "The privacy policy"): a change to what the product keeps, or to who sees it, changes this text.
 */
const PRIVACY_POLICY: readonly Section[] = [
  {
    heading: 'Who is responsible',
    paragraphs: [
      'Fleet Console is run for you by the company that gave you access to it, usually the manufacturer of your devices. That company decides what the console is used for and is responsible for the personal data it keeps. This page says what that data is.',
    ],
  },
  {
    heading: 'What the console keeps about you',
    items: [
      'Your account: your name, username, e-mail address and company; your roles and device groups, which decide what you may see and do; when the account was created and when you last signed in.',
      'Your password, if you sign in with the console’s own sign-in: only a salted scrypt hash, from which the password cannot be read back. If you sign in through your organisation’s sign-in service, the console receives your name and e-mail address from it and keeps no password.',
      'Your settings: your language, time zone, camera and print settings (page format and margins). Your browser also keeps your language, a random identifier for the camera setting and your sign-in tokens.',
      'The audit log: each change you make in the console (to a device, a store, an order, someone’s rights, your own password…) is recorded with your id and your name as they were, what you changed, on which record, when, and the values before and after.',
      'Your sign-in sessions: the session and its tokens while you are signed in; a cookie telling the sign-in page that this browser signed in to your account before; and counts of failed sign-ins per account, per browser and per network address.',
      'Work records that name you: the devices you connect to report your username and the time; users associated with a device are kept with their username and e-mail address; the orders, addresses and calibration requests you enter; the files you export.',
      'Technical records: the server’s log notes sign-ins and refused sign-ins (with the username typed) and errors. If the company running the console turns error reporting on, an error the console meets is sent to its error-reporting service with your user id, your name, the page address and the name of your browser.',
    ],
  },
  {
    heading: 'Why',
    items: [
      'To sign you in, keep you signed in, and protect your account from people guessing passwords.',
      'To show you what your roles allow and the devices of your company.',
      'To show the console in your language and with your settings.',
      'To know who changed what: the audit log keeps the fleet’s records trustworthy and answers questions about a change later.',
      'To provide the service your company uses the console for: device history, calibration, orders and support.',
    ],
    paragraphs: [
      'The console uses none of this for advertising or profiling, sells none of it, and sets no advertising or analytics cookie.',
    ],
  },
  {
    heading: 'How long',
    items: [
      'Your account and settings: as long as your account exists. Settings are deleted with the account.',
      'A sign-in session: until you sign out, and 14 days at most. Changing your password ends your other sessions at once. An access token is valid 10 minutes.',
      'Failed sign-in counts: forgotten one hour after the last failure; counts per network address after one minute.',
      'The cookie that remembers this browser’s sign-ins: one year, in your browser, which can delete it at any time.',
      'Exported files: 7 days.',
      'Audit log entries and work records: as long as the records they describe are kept, since they are the history of the fleet. An entry keeps your name as it was written, even after your account is removed.',
      'Server logs and error reports: as long as the company running the console keeps them in its log and error services.',
    ],
  },
  {
    heading: 'Who sees it',
    items: [
      'You: the user space and your profile page show your name and e-mail address; your settings are yours.',
      'Staff who manage users (administrators, support staff and the DevOps manager) see your name, username, e-mail address, company, roles, groups and last sign-in, and may change your rights.',
      'Administrators, DevOps staff and the support manager read the audit log, including the entries about your changes.',
      'People who may see a device see who connected to it and who is associated with it.',
      'The technical staff running the console, who can read its database and logs to keep it working.',
      'Nobody else, except the service providers the company running the console chooses for it (hosting, e-mail, error reporting), bound to the same care, and authorities where the law requires it.',
    ],
  },
  {
    heading: 'Your choices and how to ask for changes',
    items: [
      'Change your language and settings yourself: User space, Configuration settings.',
      'Change your password on your profile page, if you use the console’s own sign-in.',
      'To see what the console keeps about you, correct your name or e-mail address, have your account removed, or object to a use of your data, ask the company running the console through your usual support contact, or ask an administrator of your company’s account. Requests are answered within one month.',
      'Audit entries may be kept after your account is removed where they are needed to show who changed the fleet; you are told which, and why.',
      'You may also complain to the data protection authority of your country.',
    ],
  },
];

function sectionHtml({ heading, paragraphs = [], items = [] }: Section): string {
  const list = items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
  const text = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  return `<h2>${escapeHtml(heading)}</h2>${list}${text}`;
}

/** The page's content, after its heading. */
export function privacyBody(consoleUrl: string): string {
  return `<p>How Fleet Console handles your personal data.</p>${PRIVACY_POLICY.map(sectionHtml).join('')}
  <p class="stay"><a href="${escapeHtml(consoleUrl)}">Back to the console</a></p>`;
}
