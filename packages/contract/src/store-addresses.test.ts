import { describe, expect, it } from 'vitest';
import { DEVICE_ACTION_RULES } from './device-actions.ts';
import { STORE_ADDRESS_ROLES, addressLines } from './store-addresses.ts';

describe('store addresses', () => {
  it('are seen by the roles that edit or attach a store (spec §6)', () => {
    expect(STORE_ADDRESS_ROLES).toEqual(DEVICE_ACTION_RULES.editStore.roles);
    expect(STORE_ADDRESS_ROLES).toContain('support-config');
    expect(STORE_ADDRESS_ROLES).not.toContain('customer-engineering-user');
  });

  it('write a US address with city, state and ZIP code on one line', () => {
    expect(
      addressLines({
        recipients: ['RapidTire Centers Inc.'],
        organization: 'RapidTire Centers Inc.',
        addressLines: ['12 Main Street'],
        locality: 'Springfield',
        administrativeArea: 'IL',
        postalCode: '62701',
        regionCode: 'US',
      }),
    ).toEqual(['RapidTire Centers Inc.', '12 Main Street', 'Springfield, IL 62701', 'US']);
  });

  it('write other addresses with the postal code before the city, and name the region', () => {
    expect(
      addressLines(
        {
          organization: 'Atelier Durand',
          addressLines: ['4 rue de la Paix'],
          locality: 'Paris',
          postalCode: '75002',
          regionCode: 'FR',
          phoneNumber: '+33 1 23 45 67 89',
        },
        (code) => (code === 'FR' ? 'France' : code),
      ),
    ).toEqual(['Atelier Durand', '4 rue de la Paix', '75002 Paris', 'France', '+33 1 23 45 67 89']);
  });

  it('write a British address with the city and the postcode on lines of their own', () => {
    expect(
      addressLines({
        organization: 'Northwind Calibration Services',
        addressLines: ['Unit 4, Aston Science Park'],
        locality: 'Birmingham',
        postalCode: 'B7 4BJ',
        regionCode: 'GB',
      }),
    ).toEqual(['Northwind Calibration Services', 'Unit 4, Aston Science Park', 'Birmingham', 'B7 4BJ', 'GB']);
    expect(
      addressLines({
        addressLines: ['1 Bay St'],
        locality: 'Toronto',
        administrativeArea: 'ON',
        postalCode: 'M5J 2N8',
        regionCode: 'CA',
      }),
    ).toEqual(['1 Bay St', 'Toronto, ON M5J 2N8', 'CA']);
  });

  it('give the phone extension and fall back to the provider-formatted text', () => {
    expect(
      addressLines({ locality: 'Lyon', phoneNumber: '+33 4 72 00 00 00', phoneExtension: '214' }),
    ).toEqual(['Lyon', '+33 4 72 00 00 00 ext. 214']);
    expect(
      addressLines({ providerFormattedAddress: '4 rue de la Paix, 75002 Paris, France', ccList: ['a@b.fr'] }),
    ).toEqual(['4 rue de la Paix', '75002 Paris', 'France']);
  });

  it('leave out what is missing', () => {
    expect(addressLines({ locality: 'Lyon' })).toEqual(['Lyon']);
    expect(addressLines({})).toEqual([]);
  });
});
