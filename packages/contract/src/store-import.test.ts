import { describe, expect, it } from 'vitest';
import {
  STORE_IMPORT_COLUMNS,
  readStoreImportRow,
  storeImportColumnOf,
  storeImportValuesOf,
} from './store-import.ts';

describe('store import', () => {
  it('matches headers without case, spaces, dashes or underscores, and knows no other column', () => {
    expect(storeImportColumnOf('Official Store Code')).toBe('officialStoreCode');
    expect(storeImportColumnOf('address_line_1')).toBe('addressLine1');
    expect(storeImportColumnOf('REGION-CODE')).toBe('regionCode');
    expect(storeImportColumnOf('city')).toBeUndefined();
  });

  it('reads a row into a store, the address from its columns', () => {
    const { store, errors } = readStoreImportRow({
      officialStoreCode: ' S-01 ',
      name: 'Garage Durand',
      status: 'Archived',
      company: 'ACME',
      recipients: 'Anne | Bob',
      addressLine1: '3 rue Haute',
      locality: 'Lyon',
      postalCode: '69001',
      regionCode: 'fr',
    });
    expect(errors).toEqual([]);
    expect(store).toEqual({
      officialStoreCode: 'S-01',
      name: 'Garage Durand',
      dealerCode: null,
      companyCode: 'ACME',
      groupName: undefined,
      storeStatus: 1,
      storeAddress: {
        recipients: ['Anne', 'Bob'],
        addressLines: ['3 rue Haute'],
        locality: 'Lyon',
        postalCode: '69001',
        regionCode: 'FR',
      },
    });
  });

  it('leaves the address alone when the file has no address column, and clears it when they are empty', () => {
    expect(readStoreImportRow({ officialStoreCode: 'A', name: 'B' }).store?.storeAddress).toBeUndefined();
    expect(
      readStoreImportRow({ officialStoreCode: 'A', name: 'B', locality: ' ' }).store?.storeAddress,
    ).toBeNull();
    expect(readStoreImportRow({ officialStoreCode: 'A', name: 'B', group: '' }).store?.groupName).toBeNull();
  });

  it('names the column of every problem, with the store body’s own messages', () => {
    const { store, errors } = readStoreImportRow({
      officialStoreCode: '',
      name: 'x'.repeat(201),
      status: 'closed',
      regionCode: 'France',
    });
    expect(store).toBeNull();
    expect(errors).toEqual([
      { column: 'officialStoreCode', message: 'is required', rule: { kind: 'required' } },
      { column: 'name', message: expect.stringMatching(/200/), rule: { kind: 'too_long', limit: 200 } },
      { column: 'status', message: 'must be active or archived', rule: { kind: 'choice' } },
      {
        column: 'regionCode',
        message: 'must be a two-letter region code such as FR or US',
        rule: { kind: 'too_long', limit: 2 },
      },
    ]);
  });

  it('writes a store as a row that reads back as the same store', () => {
    const values = storeImportValuesOf({
      officialStoreCode: 'S-02',
      name: 'Tyres & Co',
      dealerCode: 'D7',
      companyCode: 'ACME',
      groupName: 'North',
      storeStatus: 0,
      storeAddress: { addressLines: ['1 Main St', 'Unit 4'], locality: 'Springfield', regionCode: 'US' },
    });
    expect(Object.keys(values)).toEqual([...STORE_IMPORT_COLUMNS]);
    expect(readStoreImportRow(values).store).toEqual({
      officialStoreCode: 'S-02',
      name: 'Tyres & Co',
      dealerCode: 'D7',
      companyCode: 'ACME',
      groupName: 'North',
      storeStatus: 0,
      storeAddress: { addressLines: ['1 Main St', 'Unit 4'], locality: 'Springfield', regionCode: 'US' },
    });
  });
});
