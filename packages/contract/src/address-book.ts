import { z } from 'zod';
import { addressLayout } from './address-layouts.ts';
import { orderAddressSchema, type OrderStatus } from './orders.ts';

/** A company's address (docs/commerce.md "Address book"): a label and the §3 fields. */
export const addressBookEntrySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  address: orderAddressSchema,
  defaultPickup: z.boolean(),
  defaultBilling: z.boolean(),
  updatedAt: z.string(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;
export const addressBookAnswerSchema = z.object({ addresses: z.array(addressBookEntrySchema) });

export const ADDRESS_BOOK_MAX = 200;

/**
 * The fields an address needs to be picked up from or delivered to, as issues at `path`: a region, someone
 * to hand it to, and what its region's carriers need (contract `addressLayout`).
 */
export function checkDeliverable(
  address: z.infer<typeof orderAddressSchema>,
  context: z.RefinementCtx,
  path: readonly (string | number)[],
): void {
  const missing = (field: string, message = 'is required') =>
    context.addIssue({ code: 'custom', path: [...path, field], message });
  for (const field of addressLayout(address.regionCode).required) {
    const value = address[field];
    const given = Array.isArray(value) ? value.some((line) => line.trim()) : !!value?.trim();
    if (!given) missing(field);
  }
  if (!address.regionCode) missing('regionCode');
  if (!address.recipients?.length && !address.organization?.trim())
    missing('organization', 'or a recipient is required');
}

/** An address of the company's book: a label and an address that can be picked up from. */
export const addressBodySchema = z
  .strictObject({
    label: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    address: orderAddressSchema.omit({ label: true, providerFormattedAddress: true }),
    defaultPickup: z.boolean().optional(),
    defaultBilling: z.boolean().optional(),
  })
  .superRefine((body, context) => checkDeliverable(body.address, context, ['address']))
  .meta({
    examples: [
      {
        label: 'Workshop',
        address: {
          organization: 'Garage',
          addressLines: ['1 Main Street'],
          postalCode: '69002',
          locality: 'Lyon',
          regionCode: 'FR',
        },
      },
    ],
  });
export type AddressBody = z.infer<typeof addressBodySchema>;

/** Before its devices are picked up, staff may correct an order's addresses (SHOPPING.MANAGE.ORDERS.ADDRESSES). */
export const ORDER_ADDRESS_EDITABLE_STATUSES: readonly OrderStatus[] = [
  'quote-requested',
  'quoted',
  'awaiting-payment',
  'paid',
];

const deliverableAddressSchema = orderAddressSchema.omit({ label: true, providerFormattedAddress: true });
/** An order's addresses as staff correct them; an invoiced order keeps the billing address it was invoiced to. */
export const orderAddressesBodySchema = z
  .strictObject({ pickupAddress: deliverableAddressSchema, billingAddress: deliverableAddressSchema })
  .superRefine((body, context) => {
    checkDeliverable(body.pickupAddress, context, ['pickupAddress']);
    checkDeliverable(body.billingAddress, context, ['billingAddress']);
  })
  .meta({
    examples: [
      {
        pickupAddress: {
          organization: 'Garage',
          addressLines: ['1 Main Street'],
          postalCode: '69002',
          locality: 'Lyon',
          regionCode: 'FR',
        },
        billingAddress: {
          organization: 'Garage',
          addressLines: ['1 Main Street'],
          postalCode: '69002',
          locality: 'Lyon',
          regionCode: 'FR',
        },
      },
    ],
  });
export type OrderAddressesBody = z.input<typeof orderAddressesBodySchema>;
