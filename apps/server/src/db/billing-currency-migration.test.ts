import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { EURO_AREA } from '@fleet/contract';

describe('the billing currency migration', () => {
  it('gives existing companies the currency the contract gives new ones', async () => {
    const sql = await readFile(
      new URL('../../drizzle/0024_company_billing_currency.sql', import.meta.url),
      'utf8',
    );
    const euro = /WHEN "country" IN \(([^)]*)\) THEN 'EUR'/.exec(sql)?.[1];
    expect(euro?.split(',').map((code) => code.trim().replaceAll("'", ''))).toEqual([...EURO_AREA]);
    expect(sql).toContain(`WHEN "country" = 'JP' THEN 'JPY'`);
    expect(sql).toContain(`WHEN "country" = 'CN' THEN 'CNY'`);
    expect(sql).toContain(`ELSE 'USD'`);
  });
});
