import type { OrderAddress, PackageStatus } from '@fleet/contract';
import type { ShipmentRate } from '../../../db/schema.ts';

export interface PlannedEvent {
  at: Date;
  status: PackageStatus;
  location: string;
}

export interface Label {
  trackingNumber: string;
  pdf: Buffer;
  /** What the carrier will bill, by its rates, when nothing changes. */
  expectedChargeMinor: number;
  /** The carrier's scans to come, from the pick-up on. */
  plannedEvents: PlannedEvent[];
}

export interface LabelRequest {
  account: { name: string; accountNumber: string; rates: Record<string, ShipmentRate> };
  currency: string;
  weightGrams: number;
  from: OrderAddress;
  to: OrderAddress;
  pickupDate: string;
  reference: string;
}

/** What the carrier billed for a delivered package, and why it differs from the rate, if it does. */
export interface BilledCharge {
  chargeMinor: number;
  reason: string | null;
}

/**
 * A carrier (docs/commerce.md "Shipping"): rates, labels with their tracking, pick-ups and its bill.
 * A real carrier is an adapter of this interface, named by a shipment provider's `kind`.
 */
export interface ShipmentProvider {
  readonly kind: string;
  /** The charge of one package, or null when the account has no rate in that currency. */
  rate(rates: Record<string, ShipmentRate>, currency: string, weightGrams: number): number | null;
  createLabel(request: LabelRequest): Promise<Label>;
  bookPickup(date: string, address: OrderAddress): { confirmation: string };
  billedCharge(trackingNumber: string, expectedChargeMinor: number, to: OrderAddress): BilledCharge;
}
