import type { z } from 'zod';
import { DEVICE_ACTION_RULES } from './device-actions.ts';
import type { RoleCode } from './roles.ts';
import type { storeAddressSchema } from './series.ts';

/**
 * Spec §6: the roles that edit or attach a store also see its address. They see it even when the device's
 * state forbids editing the store, so this is the role list alone, not the action's state rule.
 */
export const STORE_ADDRESS_ROLES: readonly RoleCode[] = DEVICE_ACTION_RULES.editStore.roles;

export type StoreAddress = z.infer<typeof storeAddressSchema>;

/** Regions that write "City, ST 12345" on one line, the area after the city. */
const CITY_AREA_POSTAL = ['US', 'CA', 'AU'];
/** Regions that write the city on its own line and the postcode on the next (the UK's Royal Mail layout). */
const CITY_THEN_POSTCODE = ['GB', 'IE'];

/**
 * The lines of a postal address (spec §3: a US address is formatted differently from others), in its
 * region's layout: the US, Canada and Australia end with "City, ST 12345"; Great Britain and Ireland put
 * the city and the postcode on lines of their own; the others (most of Europe, Latin America, Asia in the
 * western order) "12345 City". `regionName` turns the region code into a name. Who gets copies
 * (`ccList`) is not part of the postal lines; `providerFormattedAddress` is the provider's own text, shown
 * only when the address has no structured lines at all.
 */
export function addressLines(
  address: StoreAddress,
  regionName: (regionCode: string) => string = (code) => code,
): string[] {
  const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  const area = address.administrativeArea;
  const region = address.regionCode ?? '';
  const place = CITY_AREA_POSTAL.includes(region)
    ? [join(address.locality && area ? `${address.locality},` : address.locality, area, address.postalCode)]
    : CITY_THEN_POSTCODE.includes(region)
      ? [address.locality, area, address.postalCode]
      : [join(address.postalCode, address.locality, address.sortingCode), area];
  const lines = [
    ...(address.recipients ?? []),
    address.organization,
    ...(address.addressLines ?? []),
    address.subLocality,
    ...place,
    address.regionCode && regionName(address.regionCode),
    address.phoneNumber && address.phoneExtension
      ? `${address.phoneNumber} ext. ${address.phoneExtension}`
      : address.phoneNumber,
  ].filter((line): line is string => !!line && line.trim() !== '');
  if (lines.length === 0 && address.providerFormattedAddress)
    return address.providerFormattedAddress.split(/\n|, /).filter((line) => line.trim() !== '');
  // The organization is often also the recipient: say it once.
  return lines.filter((line, index) => lines.indexOf(line) === index);
}
