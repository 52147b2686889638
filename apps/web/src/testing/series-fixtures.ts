import type { Accessory, SeriesCard, SeriesDetail } from '@fleet/contract';

/** A device as `GET /api/Series/{sn}` answers it: activated, no store, nothing allowed. */
export function seriesDetail(overrides: Partial<SeriesDetail> = {}): SeriesDetail {
  return {
    id: 7,
    serialNumber: 'ALIGN0000000001',
    description: 'Wheel aligner, bay 2',
    deviceStatus: 'A',
    deviceType: 'Aligner',
    maker: 'Kessler',
    country: 'FR',
    language: 'fr',
    registrationDate: '2024-01-10T08:30:00.000Z',
    activationDate: '2024-02-01T00:00:00.000Z',
    currentVersion: '3.1.0',
    currentDBVersion: '12',
    earlyAccess: false,
    group: { groupId: 1, groupName: 'Europe' },
    officialStoreCode: null,
    dealerCode: null,
    officialStore: null,
    extraData: { storeCode: null, dealerCode: null, storeStatus: null, storeId: null },
    productDescriptions: {},
    serieUsers: [],
    accessories: [],
    allowedActions: [],
    ...overrides,
  };
}

export function accessory(overrides: Partial<Accessory> = {}): Accessory {
  return {
    id: 31,
    serialNumber: 'ALIGA0000000042',
    partNumber: 'ALIGA00000',
    description: 'Camera head',
    seriesSerialNumber: 'ALIGN0000000001',
    registrationDate: '2024-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in test user's configuration: dates in UTC, so they read the same on every machine. */
export const UTC_CONFIGURATION = {
  'GET /api/configurations/users/user-1': {
    body: { userId: 'user-1', content: JSON.stringify({ 'tool-equipment': { timezone: 'UTC' } }) },
  },
};

/** A device card of the devices list, without a store unless given. */
export function seriesCard(serialNumber: string, overrides: Partial<SeriesCard> = {}): SeriesCard {
  return {
    id: 1,
    serialNumber,
    description: 'Wheel aligner',
    deviceStatus: 'A',
    deviceType: 'Aligner',
    maker: 'Kessler',
    country: 'FR',
    language: 'fr',
    registrationDate: '2024-01-01T00:00:00.000Z',
    activationDate: '2024-02-01T00:00:00.000Z',
    currentVersion: '3.1',
    currentDBVersion: '12',
    earlyAccess: false,
    group: null,
    officialStoreCode: null,
    dealerCode: null,
    officialStore: null,
    extraData: { storeCode: null, dealerCode: null, storeStatus: null, storeId: null },
    ...overrides,
  };
}
