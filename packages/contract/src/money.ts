import { z } from 'zod';
import type { Language } from './languages.ts';

/** ISO 4217 code: three capital letters. */
export const currencyCodeSchema = z
  .string()
  .max(5, 'must be a three-letter currency code such as EUR')
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as EUR');

/**
 * An amount in the currency's minor units (cents for USD and EUR, yen for JPY), never a floating-point
 * number (docs/commerce.md "Money"). 10^15 minor units is beyond any order and within a double's integers.
 */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000_000;
export const amountMinorSchema = z
  .number()
  .int('must be a whole number of the currency’s minor units')
  .min(-MAX_AMOUNT_MINOR, 'is too large')
  .max(MAX_AMOUNT_MINOR, 'is too large');

export const moneySchema = z.object({ amountMinor: amountMinorSchema, currency: z.string() });
export type Money = z.infer<typeof moneySchema>;

/** Spec §1: USD for en and EUR for fr; the other languages by where they are spoken most among customers. */
export const LANGUAGE_CURRENCIES: Readonly<Record<Language, string>> = {
  en: 'USD',
  fr: 'EUR',
  de: 'EUR',
  es: 'EUR',
  pt: 'EUR',
  jp: 'JPY',
  'zh-CN': 'CNY',
};

export function currencyOfLanguage(language: string | null | undefined): string {
  return LANGUAGE_CURRENCIES[language as Language] ?? LANGUAGE_CURRENCIES.en;
}

/** The euro area (2026): its companies are billed in euros. */
export const EURO_AREA: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];

/**
 * A new company's billing currency, from its country: among the currencies the shop sells (EUR, USD, JPY,
 * CNY), its own, else US dollars. Staff may change it (docs/commerce.md "Currencies").
 */
export function billingCurrencyOfCountry(country: string): string {
  const code = country.toUpperCase();
  if (EURO_AREA.includes(code)) return 'EUR';
  if (code === 'JP') return 'JPY';
  if (code === 'CN') return 'CNY';
  return 'USD';
}

/** Sums amounts of one currency; a sum of several currencies is a programming error. */
export function sumMoney(amounts: readonly Money[], currency: string): Money {
  let total = 0;
  for (const amount of amounts) {
    if (amount.currency !== currency) throw new Error(`cannot add ${amount.currency} to ${currency}`);
    total += amount.amountMinor;
  }
  if (!Number.isSafeInteger(total)) throw new Error('amount out of range');
  return { amountMinor: total, currency };
}

/** A unit price times a quantity, kept an integer. */
export function lineAmount(unitMinor: number, quantity: number): number {
  const amount = unitMinor * quantity;
  if (!Number.isSafeInteger(amount)) throw new Error('amount out of range');
  return amount;
}

/** The amount as a decimal string in major units ("12.50", "1200" for JPY), for files and documents. */
export function formatMinorUnits(amountMinor: number, minorUnits: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor)).padStart(minorUnits + 1, '0');
  if (minorUnits === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -minorUnits)}.${digits.slice(-minorUnits)}`;
}

/** Reads a decimal string in major units ("12.5" with 2 minor units is 1250); null when it is not one. */
export function parseMinorUnits(text: string, minorUnits: number): number | null {
  const match = /^(-)?(\d{1,15})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[3] ?? '';
  if (fraction.length > minorUnits) return null;
  const value = Number(`${match[2]}${fraction.padEnd(minorUnits, '0')}`);
  if (!Number.isSafeInteger(value)) return null;
  return match[1] ? -value : value;
}
