import { describe, expect, it } from 'vitest';
import { addressBodySchema } from './address-book.ts';
import type { StoreAddress } from './store-addresses.ts';

/** The fields of an address of the book that are refused, each with its message. */
const refused = (address: StoreAddress) => {
  const checked = addressBodySchema.safeParse({ label: 'Workshop', address });
  return checked.success
    ? {}
    : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('a deliverable address', () => {
  it('names a region, someone to hand it to, a street and a city', () => {
    expect(refused({})).toEqual({
      'address.addressLines': 'is required',
      'address.locality': 'is required',
      'address.regionCode': 'is required',
      'address.organization': 'or a recipient is required',
    });
    expect(
      refused({ recipients: ['Ana'], addressLines: ['Rua 1'], locality: 'Lisboa', regionCode: 'NZ' }),
    ).toEqual({});
  });

  it('has what its region’s carriers need', () => {
    const french = { organization: 'Garage', addressLines: ['1 rue'], locality: 'Lyon', regionCode: 'FR' };
    expect(refused(french)).toEqual({ 'address.postalCode': 'is required' });
    expect(refused({ ...french, postalCode: '69002' })).toEqual({});
    const brazilian = { ...french, locality: 'Belo Horizonte', postalCode: '30170-011', regionCode: 'BR' };
    expect(refused(brazilian)).toEqual({ 'address.administrativeArea': 'is required' });
    expect(refused({ ...brazilian, administrativeArea: '  ' })).toEqual({
      'address.administrativeArea': 'is required',
    });
    expect(refused({ ...brazilian, administrativeArea: 'MG' })).toEqual({});
    // Japan's addresses name the city in their lines: the prefecture and the postcode are what it needs.
    const japanese = { organization: '食辛房', addressLines: ['広島市中区舟入町'], regionCode: 'JP' };
    expect(refused(japanese)).toEqual({
      'address.postalCode': 'is required',
      'address.administrativeArea': 'is required',
    });
    expect(refused({ ...japanese, postalCode: '730-0846', administrativeArea: '広島県' })).toEqual({});
  });
});
