import addressFormatter from '@fragaria/address-formatter';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_LAYOUTS,
  addressLayout,
  type AddressLayout,
  type AddressPlaceField,
} from './address-layouts.ts';

const MARKS: Record<AddressPlaceField, string> = {
  addressLines: 'Qstreet',
  postalCode: 'Qpostcode',
  locality: 'Qlocality',
  administrativeArea: 'Qarea',
};

/**
 * The fields the formatter writes for a region, in its order, read from a probe address. format() picks a
 * template by region code alone; Japan's own-script template (postcode first) is reached by its key.
 */
function writtenFields(region: string, layout: AddressLayout): AddressPlaceField[] {
  const template = region === 'JP' ? 'JP_ja' : region;
  const text = addressFormatter.format(
    {
      road: MARKS.addressLines,
      postcode: MARKS.postalCode,
      city: MARKS.locality,
      [layout.areaAs]: MARKS.administrativeArea,
      // With a region chosen the country is always written (Great Britain writes the state only without it).
      country: 'Qcountry',
    },
    { countryCode: template },
  );
  return (Object.keys(MARKS) as AddressPlaceField[])
    .filter((field) => text.includes(MARKS[field]))
    .sort((a, b) => text.indexOf(MARKS[a]) - text.indexOf(MARKS[b]));
}

describe('address layouts', () => {
  it.each(Object.entries(ADDRESS_LAYOUTS))(
    'ask the fields of %s the formatter writes, in its order',
    (region, layout) => {
      expect(layout.fields).toEqual(writtenFields(region, layout));
      expect(layout.fields).toEqual(expect.arrayContaining([...layout.required]));
    },
  );

  it('ask a Japanese or a Chinese address for its postcode first, a Brazilian one for its state', () => {
    expect(addressLayout('JP').fields[0]).toBe('postalCode');
    expect(addressLayout('CN').fields[0]).toBe('postalCode');
    expect(addressLayout('BR').required).toContain('administrativeArea');
    expect(addressLayout('FR').fields).not.toContain('administrativeArea');
  });

  it('ask every field elsewhere, and a street and a city', () => {
    expect(addressLayout('NZ')).toEqual(addressLayout(null));
    expect(addressLayout(undefined).fields).toHaveLength(4);
    expect(addressLayout(undefined).required).toEqual(['addressLines', 'locality']);
  });
});
