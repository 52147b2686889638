/** A field of a postal address (spec §3) whose place and need depend on the country. */
export type AddressPlaceField = 'addressLines' | 'postalCode' | 'locality' | 'administrativeArea';

export interface AddressLayout {
  /** The fields the country's addresses write, in the order they write them: a form asks them so. */
  fields: readonly AddressPlaceField[];
  /** The fields a carrier needs to deliver there. */
  required: readonly AddressPlaceField[];
  /** Where the address formatter reads the administrative area: Italy and Ireland write a province or county. */
  areaAs: 'state' | 'county';
}

const layout = (
  fields: readonly AddressPlaceField[],
  required: readonly AddressPlaceField[] = fields,
  areaAs: AddressLayout['areaAs'] = 'state',
): AddressLayout => ({ fields, required, areaAs });

const POSTCODE_CITY = layout(['addressLines', 'postalCode', 'locality']);
const CITY_AREA_POSTCODE = layout(['addressLines', 'locality', 'administrativeArea', 'postalCode']);
const POSTCODE_FIRST = layout(['postalCode', 'administrativeArea', 'locality', 'addressLines']);

/**
 * The regions an address form offers, where the demo fleet and most customers are first, each laid out as
 * the address formatter writes it (address-layouts.test.ts holds each layout against it). Japan is asked
 * in its own script's order, postcode first, as its forms ask. What is required follows the postal
 * services' own lists (Google's address metadata), less what the formatter never writes (Spain's province).
 */
export const ADDRESS_LAYOUTS = {
  FR: POSTCODE_CITY,
  DE: POSTCODE_CITY,
  GB: layout(['addressLines', 'locality', 'postalCode']),
  ES: POSTCODE_CITY,
  PT: POSTCODE_CITY,
  IT: layout(['addressLines', 'postalCode', 'locality', 'administrativeArea'], undefined, 'county'),
  BE: POSTCODE_CITY,
  NL: POSTCODE_CITY,
  CH: POSTCODE_CITY,
  IE: layout(
    ['addressLines', 'locality', 'administrativeArea', 'postalCode'],
    ['addressLines', 'locality'],
    'county',
  ),
  US: CITY_AREA_POSTCODE,
  CA: CITY_AREA_POSTCODE,
  MX: layout(['addressLines', 'postalCode', 'locality', 'administrativeArea']),
  BR: CITY_AREA_POSTCODE,
  AU: CITY_AREA_POSTCODE,
  CN: POSTCODE_FIRST,
  JP: layout(POSTCODE_FIRST.fields, ['postalCode', 'administrativeArea', 'addressLines']),
} as const satisfies Record<string, AddressLayout>;

export const ADDRESS_REGIONS: readonly string[] = Object.keys(ADDRESS_LAYOUTS);

/** Elsewhere, or before a region is chosen: every field, a street and a city required. */
const ANY_REGION = layout(
  ['addressLines', 'postalCode', 'locality', 'administrativeArea'],
  ['addressLines', 'locality'],
);

export function addressLayout(regionCode: string | null | undefined): AddressLayout {
  return (
    (regionCode && (ADDRESS_LAYOUTS as Partial<Record<string, AddressLayout>>)[regionCode]) || ANY_REGION
  );
}
