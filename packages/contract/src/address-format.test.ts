import { describe, expect, it } from 'vitest';
import { formatAddress } from './address-format.ts';
import type { StoreAddress } from './store-addresses.ts';

const named = (name: string) => () => name;

/**
 * The formatter's own examples (OpenCage/address-formatting `testcases/countries/<region>.yaml`), their
 * components written as §3 fields: a house number joins its street line, a restaurant or a building is
 * the organization, a neighbourhood the sub-locality.
 */
const EXAMPLES: { region: string; country: string; address: StoreAddress; expected: string[] }[] = [
  {
    region: 'US',
    country: 'United States of America',
    address: {
      addressLines: ['301 Hamilton Avenue'],
      subLocality: 'Crescent Park',
      locality: 'Palo Alto',
      administrativeArea: 'California',
      postalCode: '94303',
    },
    expected: ['301 Hamilton Avenue', 'Palo Alto, CA 94303', 'United States of America'],
  },
  {
    region: 'GB',
    country: 'United Kingdom',
    address: {
      organization: 'Lokku Ltd',
      addressLines: ['82 Clerkenwell Road'],
      subLocality: 'Clerkenwell',
      locality: 'London',
      administrativeArea: 'England',
      postalCode: 'EC1M 5RF',
    },
    expected: ['Lokku Ltd', '82 Clerkenwell Road', 'London', 'EC1M 5RF', 'United Kingdom'],
  },
  {
    region: 'DE',
    country: 'Germany',
    address: {
      organization: 'Fabisch',
      addressLines: ['Rosenthaler Straße 1'],
      subLocality: 'Mitte',
      locality: 'Berlin',
      administrativeArea: 'Berlin',
      postalCode: '10119',
    },
    expected: ['Fabisch', 'Rosenthaler Straße 1', '10119 Berlin', 'Germany'],
  },
  {
    region: 'FR',
    country: 'France',
    address: {
      addressLines: ['17 Rue du Médecin-Colonel Calbairac'],
      subLocality: 'Toulouse Ouest',
      locality: 'Toulouse',
      administrativeArea: 'Midi-Pyrénées',
      postalCode: '31000',
    },
    expected: ['17 Rue du Médecin-Colonel Calbairac', '31000 Toulouse', 'France'],
  },
  {
    region: 'IT',
    country: 'Italy',
    address: {
      addressLines: ['Via Pisacane 13'],
      subLocality: 'Montaltino',
      locality: 'Barletta',
      administrativeArea: 'BT',
      postalCode: '76121',
    },
    expected: ['Via Pisacane 13', '76121 Barletta BT', 'Italy'],
  },
  {
    region: 'IT',
    country: 'Italy',
    address: {
      addressLines: ['Via Giovanni Della Casa'],
      locality: 'Milano',
      administrativeArea: 'Milano',
      postalCode: '20147',
    },
    expected: ['Via Giovanni Della Casa', '20147 Milano MI', 'Italy'],
  },
  {
    region: 'JP',
    country: 'Japan',
    address: {
      organization: '食辛房',
      addressLines: ['舟入通り'],
      subLocality: 'Naka Ward',
      locality: 'Hiroshima',
      administrativeArea: 'Chugoku Region',
      postalCode: '7300846',
    },
    expected: ['食辛房', '舟入通り', 'Naka Ward', 'Hiroshima, Chugoku Region 730-0846', 'Japan'],
  },
  {
    region: 'CN',
    country: 'China',
    address: {
      organization: '万向大厦',
      addressLines: ['West Lujiazui Road 99号'],
      subLocality: 'Lijuazui',
      locality: 'Pudong New District',
      administrativeArea: 'Shanghai',
      postalCode: '200120',
    },
    expected: [
      '200120 China',
      'Shanghai',
      'Pudong New District',
      'Lijuazui',
      'West Lujiazui Road 99号',
      '万向大厦',
    ],
  },
  {
    region: 'BR',
    country: 'Brazil',
    address: {
      addressLines: ['Rua Rio de Janiero'],
      subLocality: 'Centro',
      locality: 'Belo Horizonte',
      administrativeArea: 'Minas Gerais',
      postalCode: '30170011',
    },
    expected: ['Rua Rio de Janiero', 'Centro', 'Belo Horizonte - MG', '30170-011', 'Brazil'],
  },
];

describe('formatAddress', () => {
  it.each(EXAMPLES)('writes an address of $region as the formatter’s own example', (example) => {
    expect(formatAddress({ ...example.address, regionCode: example.region }, named(example.country))).toEqual(
      example.expected,
    );
  });

  it('writes a US address with city, state and ZIP code on one line, the organization once', () => {
    expect(
      formatAddress(
        {
          recipients: ['RapidTire Centers Inc.'],
          organization: 'RapidTire Centers Inc.',
          addressLines: ['12 Main Street'],
          locality: 'Springfield',
          administrativeArea: 'IL',
          postalCode: '62701',
          regionCode: 'US',
        },
        named('Vereinigte Staaten'),
      ),
    ).toEqual(['RapidTire Centers Inc.', '12 Main Street', 'Springfield, IL 62701', 'Vereinigte Staaten']);
    expect(
      formatAddress({
        addressLines: ['1 Bay St'],
        locality: 'Toronto',
        administrativeArea: 'ON',
        postalCode: 'M5J 2N8',
        regionCode: 'CA',
      }),
    ).toEqual(['1 Bay St', 'Toronto, ON M5J 2N8', 'Canada']);
  });

  it('writes names and street lines as they were typed, and the sorting code after the city', () => {
    expect(
      formatAddress({
        recipients: ['Parish of Saint Mary'],
        organization: 'County Tyres Ltd',
        addressLines: ['Unit 4, Aston Science Park', 'County Road'],
        locality: 'Birmingham',
        postalCode: 'B7 4BJ',
        regionCode: 'GB',
      }),
    ).toEqual([
      'Parish of Saint Mary',
      'County Tyres Ltd',
      'Unit 4, Aston Science Park',
      'County Road',
      'Birmingham',
      'B7 4BJ',
      'United Kingdom',
    ]);
    expect(
      formatAddress(
        {
          addressLines: ['4 rue de la Paix'],
          locality: 'Paris',
          postalCode: '75002',
          sortingCode: 'CEDEX 02',
          regionCode: 'FR',
        },
        named('Frankreich'),
      ),
    ).toEqual(['4 rue de la Paix', '75002 Paris CEDEX 02', 'Frankreich']);
  });

  it('gives the phone extension and falls back to the provider-formatted text', () => {
    expect(
      formatAddress({ locality: 'Lyon', phoneNumber: '+33 4 72 00 00 00', phoneExtension: '214' }),
    ).toEqual(['Lyon', '+33 4 72 00 00 00 ext. 214']);
    expect(
      formatAddress({
        providerFormattedAddress: '4 rue de la Paix, 75002 Paris, France',
        ccList: ['a@b.fr'],
      }),
    ).toEqual(['4 rue de la Paix', '75002 Paris', 'France']);
  });

  it('leaves out what is missing', () => {
    expect(formatAddress({ locality: 'Lyon' })).toEqual(['Lyon']);
    expect(formatAddress({ regionCode: 'FR' }, named('France'))).toEqual(['France']);
    expect(formatAddress({})).toEqual([]);
  });
});
