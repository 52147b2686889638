import { createHash, randomInt } from 'node:crypto';
import { formatAddress, type OrderAddress } from '@fleet/contract';
import type { ShipmentRate } from '../../../db/schema.ts';
import { pdfDocument } from '../../../lib/pdf-document.ts';
import type { BilledCharge, Label, LabelRequest, PlannedEvent, ShipmentProvider } from './provider.ts';

/** Luhn check digit of a string of digits. */
function luhnDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** FS, ten random digits and a Luhn check digit: FS12345678903. */
export function sandboxTrackingNumber(): string {
  const digits = Array.from({ length: 10 }, () => randomInt(10)).join('');
  return `FS${digits}${luhnDigit(digits)}`;
}

export function isSandboxTrackingNumber(value: string): boolean {
  const match = /^FS(\d{10})(\d)$/.exec(value);
  return !!match && luhnDigit(match[1]!) === Number(match[2]);
}

/** The next working day (Monday to Friday) after a date, as YYYY-MM-DD. */
function nextWorkingDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}

const place = (address: OrderAddress) =>
  [address.locality, address.regionCode].filter(Boolean).join(', ') || 'Unknown';

/** The scans of a package picked up on a day: picked up at 10:00, sorted at 18:00, delivered the next working day. */
export function plannedScans(pickupDate: string, from: OrderAddress, to: OrderAddress): PlannedEvent[] {
  return [
    { at: new Date(`${pickupDate}T10:00:00Z`), status: 'picked-up', location: place(from) },
    {
      at: new Date(`${pickupDate}T18:00:00Z`),
      status: 'in-transit',
      location: `Sorting hub ${from.regionCode ?? ''}`.trim(),
    },
    { at: new Date(`${nextWorkingDay(pickupDate)}T11:00:00Z`), status: 'delivered', location: place(to) },
  ];
}

async function labelPdf(request: LabelRequest, trackingNumber: string): Promise<Buffer> {
  const from = formatAddress(request.from);
  const to = formatAddress(request.to);
  return pdfDocument(`Shipping label ${trackingNumber}`, [...from, ...to, request.reference], (doc) => {
    doc.font('bold').fontSize(14).text('Fleet Sandbox Carrier');
    doc.font('regular').fontSize(9).text(`Account ${request.account.accountNumber}`);
    doc.moveDown();
    doc.font('bold').fontSize(10).text('From');
    doc.font('regular').text(from.join('\n'));
    doc.moveDown();
    doc.font('bold').fontSize(12).text('To');
    doc.font('regular').fontSize(12).text(to.join('\n'));
    doc.moveDown();
    doc.font('bold').fontSize(22).text(trackingNumber, { characterSpacing: 2 });
    doc.font('regular').fontSize(10);
    doc.text(`Weight ${(request.weightGrams / 1000).toFixed(1)} kg · Pick-up ${request.pickupDate}`);
    doc.text(`Reference ${request.reference}`);
  });
}

/**
 * The built-in carrier (docs/commerce.md "Shipping"): real PDF labels and tracking numbers, scans that
 * come as their time passes, and a bill that, as carriers' do, sometimes differs from the rate.
 */
export const sandboxCarrier: ShipmentProvider = {
  kind: 'sandbox',
  rate(rates: Record<string, ShipmentRate>, currency: string, weightGrams: number) {
    const rate = rates[currency];
    if (!rate) return null;
    return rate.perPackageMinor + rate.perKgMinor * Math.max(1, Math.ceil(weightGrams / 1000));
  },
  async createLabel(request: LabelRequest): Promise<Label> {
    const trackingNumber = sandboxTrackingNumber();
    const expected = this.rate(request.account.rates, request.currency, request.weightGrams);
    if (expected === null) throw new Error(`no rate in ${request.currency}`);
    return {
      trackingNumber,
      pdf: await labelPdf(request, trackingNumber),
      expectedChargeMinor: expected,
      plannedEvents: plannedScans(request.pickupDate, request.from, request.to),
    };
  },
  bookPickup() {
    return { confirmation: `PU${String(randomInt(100_000_000)).padStart(8, '0')}` };
  },
  billedCharge(trackingNumber: string, expectedChargeMinor: number, to: OrderAddress): BilledCharge {
    // One package in ten is reweighed, one in twenty (to a private address) pays the residential surcharge.
    const bucket = createHash('sha256').update(trackingNumber).digest()[0]! % 20;
    if (bucket < 2)
      return { chargeMinor: Math.round(expectedChargeMinor * 1.15), reason: 'weight-correction' };
    if (bucket === 2 && !to.organization)
      return { chargeMinor: Math.round(expectedChargeMinor * 1.1), reason: 'residential-surcharge' };
    return { chargeMinor: expectedChargeMinor, reason: null };
  },
};

const PROVIDERS: Record<string, ShipmentProvider> = { sandbox: sandboxCarrier };

/** The adapter of a shipment provider's kind (docs/commerce.md: a real carrier is one more entry). */
export function shipmentProviderOf(kind: string): ShipmentProvider {
  const provider = PROVIDERS[kind];
  if (!provider) throw new Error(`No shipment provider adapter for ${kind}`);
  return provider;
}
