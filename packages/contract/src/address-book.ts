import { z } from 'zod';
import { orderAddressSchema } from './orders.ts';

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

/** The fields an address needs to be picked up from or delivered to. */
export const addressBodySchema = z
  .strictObject({
    label: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    address: orderAddressSchema.omit({ label: true, providerFormattedAddress: true }),
    defaultPickup: z.boolean().optional(),
    defaultBilling: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    const address = body.address;
    if (!address.addressLines?.some((line) => line.trim()))
      context.addIssue({ code: 'custom', path: ['address', 'addressLines'], message: 'is required' });
    if (!address.locality?.trim())
      context.addIssue({ code: 'custom', path: ['address', 'locality'], message: 'is required' });
    if (!address.regionCode)
      context.addIssue({ code: 'custom', path: ['address', 'regionCode'], message: 'is required' });
    if (!address.recipients?.length && !address.organization?.trim())
      context.addIssue({
        code: 'custom',
        path: ['address', 'organization'],
        message: 'or a recipient is required',
      });
  })
  .meta({
    examples: [
      {
        label: 'Workshop',
        address: {
          organization: 'Garage',
          addressLines: ['1 Main Street'],
          locality: 'Lyon',
          regionCode: 'FR',
        },
      },
    ],
  });
export type AddressBody = z.infer<typeof addressBodySchema>;
