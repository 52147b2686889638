import addressFormatter from '@fragaria/address-formatter';
import { addressLayout } from './address-layouts.ts';
import type { StoreAddress } from './store-addresses.ts';

/**
 * Free text goes through the formatter as one private-use character each and comes back as written: the
 * formatter's clean-up rules are meant for map data and would rewrite a name ("County Tyres Ltd" loses its
 * "County " in Great Britain).
 */
function asWritten() {
  const texts: string[] = [];
  return {
    keep: (text: string) => String.fromCharCode(0xe000 + texts.push(text) - 1),
    restore: (line: string) =>
      line.replace(/[\ue000-\uf8ff]/g, (mark) => texts[mark.charCodeAt(0) - 0xe000] ?? mark),
  };
}

const present = (value: string | undefined) => value?.trim() || undefined;

/** The formatter's components of an address (OpenCage's names), free text kept as written. */
function componentsOf(
  address: StoreAddress,
  keep: (text: string) => string,
  regionName?: (code: string) => string,
) {
  const recipients = (address.recipients ?? []).map((name) => name.trim()).filter(Boolean);
  const organization = present(address.organization);
  const lines = (address.addressLines ?? []).map((line) => line.trim()).filter(Boolean);
  const region = address.regionCode;
  const components: Record<string, string | undefined> = {
    attention: recipients.map(keep).join('\n') || undefined,
    // The organization is often also the recipient: say it once.
    house: organization && !recipients.includes(organization) ? keep(organization) : undefined,
    road: lines.map(keep).join('\n') || undefined,
    suburb: present(address.subLocality),
    city: [address.locality, address.sortingCode].map(present).filter(Boolean).join(' ') || undefined,
    [addressLayout(region).areaAs]: present(address.administrativeArea),
    postcode: present(address.postalCode),
    country: region && regionName ? regionName(region) : undefined,
  };
  return Object.fromEntries(
    Object.entries(components).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * The lines of a postal address (spec §3) as its region writes them, through OpenCage's address templates
 * (`@fragaria/address-formatter`): "City, ST 12345" in the US, the postcode on a line of its own in Great
 * Britain, "12345 City" in most of Europe, "City - ST" then the CEP in Brazil, China from the province down
 * to the name. `regionName` names the region (the user's language); without it, the formatter's English
 * name. The phone closes the lines; who gets copies (`ccList`) is no part of them; the provider's own
 * text (`providerFormattedAddress`) stands in only when the address has nothing else.
 */
export function formatAddress(address: StoreAddress, regionName?: (regionCode: string) => string): string[] {
  const { keep, restore } = asWritten();
  const components = componentsOf(address, keep, regionName);
  const region = address.regionCode;
  const postal =
    Object.keys(components).length === 0 && !region
      ? []
      : addressFormatter
          .format(components, { output: 'array', countryCode: region, appendCountry: !regionName })
          .map(restore);
  const phone =
    address.phoneNumber && address.phoneExtension
      ? `${address.phoneNumber} ext. ${address.phoneExtension}`
      : address.phoneNumber;
  const lines = [...postal, phone].filter((line): line is string => !!line && line.trim() !== '');
  if (lines.length === 0 && address.providerFormattedAddress)
    return address.providerFormattedAddress.split(/\n|, /).filter((line) => line.trim() !== '');
  return lines;
}
