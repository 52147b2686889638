import { formatMinorUnits, parseMinorUnits } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../lib/i18n';

/** The digits after the decimal point of a currency (2 for EUR and USD, 0 for JPY), as Intl knows them. */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** An amount as the user typed it ("89,00" or "89.00"), in minor units; null where it does not read. */
export function parseTypedAmount(text: string, minorUnits: number): number | null {
  return parseMinorUnits(text.replace(',', '.'), minorUnits);
}

/**
 * An amount in minor units as the user's language writes money ("1 234,50 €", "$1,234.50"). The amount is
 * handed to Intl as a decimal string, never as a floating-point number.
 */
export function useMoney(): (amountMinor: number, currency: string) => string {
  const { i18n } = useTranslation();
  return (amountMinor, currency) => {
    const decimal = formatMinorUnits(amountMinor, minorDigits(currency));
    try {
      // Intl takes a decimal string exactly (ES2023); TypeScript's lib knows only numbers.
      return new Intl.NumberFormat(htmlLang(i18n.language), { style: 'currency', currency }).format(
        decimal as unknown as number,
      );
    } catch {
      return `${decimal} ${currency}`;
    }
  };
}
