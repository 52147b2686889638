import { describe, expect, it } from 'vitest';
import {
  billingCurrencyOfCountry,
  currencyOfLanguage,
  formatMinorUnits,
  lineAmount,
  parseMinorUnits,
  sumMoney,
} from './money.ts';

describe('money', () => {
  it('takes the currency of the language: USD for en, EUR for fr (spec §1)', () => {
    expect(currencyOfLanguage('en')).toBe('USD');
    expect(currencyOfLanguage('fr')).toBe('EUR');
    expect(currencyOfLanguage('jp')).toBe('JPY');
    expect(currencyOfLanguage('xx')).toBe('USD');
    expect(currencyOfLanguage(null)).toBe('USD');
  });

  it('writes and reads amounts in major units without floating point', () => {
    expect(formatMinorUnits(1250, 2)).toBe('12.50');
    expect(formatMinorUnits(5, 2)).toBe('0.05');
    expect(formatMinorUnits(-5, 2)).toBe('-0.05');
    expect(formatMinorUnits(1200, 0)).toBe('1200');
    expect(parseMinorUnits('12.5', 2)).toBe(1250);
    expect(parseMinorUnits('0,10', 2)).toBe(10);
    expect(parseMinorUnits('1200', 0)).toBe(1200);
    expect(parseMinorUnits('12.345', 2)).toBeNull();
    expect(parseMinorUnits('1.5', 0)).toBeNull();
    expect(parseMinorUnits('abc', 2)).toBeNull();
    for (const amount of [0, 1, 99, 100, 123456789, -42])
      expect(parseMinorUnits(formatMinorUnits(amount, 2), 2)).toBe(amount);
    // 0.1 + 0.2 in cents stays exact.
    expect(
      sumMoney(
        [
          { amountMinor: 10, currency: 'EUR' },
          { amountMinor: 20, currency: 'EUR' },
        ],
        'EUR',
      ),
    ).toEqual({
      amountMinor: 30,
      currency: 'EUR',
    });
  });

  it('refuses to add currencies together or to leave the safe integers', () => {
    expect(() => sumMoney([{ amountMinor: 1, currency: 'USD' }], 'EUR')).toThrow(/cannot add USD to EUR/);
    expect(() => lineAmount(Number.MAX_SAFE_INTEGER, 2)).toThrow(/out of range/);
    expect(lineAmount(3900, 2)).toBe(7800);
  });

  it("bills a company in its country's currency when the shop sells it, else in US dollars", () => {
    expect(billingCurrencyOfCountry('FR')).toBe('EUR');
    expect(billingCurrencyOfCountry('de')).toBe('EUR');
    expect(billingCurrencyOfCountry('JP')).toBe('JPY');
    expect(billingCurrencyOfCountry('CN')).toBe('CNY');
    expect(billingCurrencyOfCountry('US')).toBe('USD');
    expect(billingCurrencyOfCountry('GB')).toBe('USD');
    expect(billingCurrencyOfCountry('CA')).toBe('USD');
  });
});
