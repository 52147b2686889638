/** The sections of the terms; their text, in every language the console offers, is in the `terms` translations. */
export const TERMS_SECTIONS = [
  'scope',
  'accounts',
  'data',
  'availability',
  'privacy',
  'changes',
  'services',
  'payment',
  'shipping',
  'changes_orders',
] as const;
export type TermsSection = (typeof TERMS_SECTIONS)[number];

export interface TermsVersion {
  version: string;
  /** ISO date the version took effect. */
  effective: string;
  /** In order: a section's number is its place. */
  sections: readonly TermsSection[];
}

const USE_SECTIONS = ['scope', 'accounts', 'data', 'availability', 'privacy'] as const;

/**
 * The terms and conditions, newest last (docs/commerce.md "Terms"): the console shows them, and an order
 * names the version its customer accepted, which the server checks against the current one. They are
 * shown in the reader's language; the English text is the binding one, and the page says so.
 */
export const TERMS_VERSIONS: readonly TermsVersion[] = [
  { version: '1', effective: '2023-01-01', sections: [...USE_SECTIONS, 'changes'] },
  {
    version: '2',
    effective: '2026-11-26',
    sections: [...USE_SECTIONS, 'services', 'payment', 'shipping', 'changes_orders'],
  },
];

/** The version a customer accepts when ordering. */
export const CURRENT_TERMS_VERSION: string = TERMS_VERSIONS.at(-1)!.version;
