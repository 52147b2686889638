import { z } from 'zod';
import { checkDeliverable } from './address-book.ts';
import { CATALOGUE_CODE_PATTERN } from './catalogue.ts';
import { FEATURE_CATALOGUE } from './features.ts';
import { orderAddressSchema } from './orders.ts';
import { PARTNER_ROLES } from './roles.ts';

/** The roles that open a service center: the maker's; partners run the centers they are staff of. */
export const SERVICE_CENTER_OPENERS = FEATURE_CATALOGUE.get('SERVICE_CENTERS')!.roles.filter(
  (role) => !(PARTNER_ROLES as readonly string[]).includes(role),
);

/** docs/commerce.md "Service centers": where devices are calibrated, their staff and internal steps. */
export const serviceCenterSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: orderAddressSchema,
  email: z.string().nullable(),
  deviceTypes: z.array(z.string()),
  active: z.boolean(),
  /** The users who see its orders, packages and steps. */
  staff: z.array(z.object({ id: z.string(), username: z.string().nullable(), name: z.string() })),
  stepCount: z.number().int(),
  openOrderCount: z.number().int(),
});
export type ServiceCenter = z.infer<typeof serviceCenterSchema>;
export const serviceCenterListAnswerSchema = z.object({ serviceCenters: z.array(serviceCenterSchema) });

export const SERVICE_CENTER_STAFF_MAX = 50;
export const serviceCenterBodySchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(40, 'must be at most 40 characters')
      .regex(CATALOGUE_CODE_PATTERN, 'must be letters, digits, dots, dashes or underscores')
      .meta({ examples: ['NANTES'] }),
    name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    address: orderAddressSchema.omit({ label: true, providerFormattedAddress: true }),
    email: z.email('must be an e-mail address').max(254, 'must be at most 254 characters').nullable(),
    deviceTypes: z
      .array(z.string().trim().min(1).max(32, 'must be at most 32 characters'))
      .max(100, 'must be at most 100 device types'),
    active: z.boolean(),
    /** Usernames of the center's staff. */
    staff: z
      .array(z.string().trim().min(1, 'is required').max(128, 'must be at most 128 characters'))
      .max(SERVICE_CENTER_STAFF_MAX, `must be at most ${SERVICE_CENTER_STAFF_MAX} users`),
  })
  .superRefine((body, context) => checkDeliverable(body.address, context, ['address']))
  .meta({
    examples: [
      {
        code: 'NANTES',
        name: 'Nantes service center',
        address: {
          organization: 'Fleet Instruments',
          addressLines: ['1 Quai'],
          postalCode: '44000',
          locality: 'Nantes',
          regionCode: 'FR',
        },
        email: null,
        deviceTypes: ['TPMS-TOOL'],
        active: true,
        staff: [],
      },
    ],
  });
export type ServiceCenterBody = z.input<typeof serviceCenterBodySchema>;

export const internalStepSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  /** Orders in service at this step now. */
  orderCount: z.number().int(),
});
export type InternalStep = z.infer<typeof internalStepSchema>;
/** An order in service at the center, at its step (null: received before the center had steps). */
export const orderAtStepSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  company: z.string(),
  deviceCount: z.number().int(),
  stepId: z.number().int().nullable(),
  /** Whether it is at the center's last step: it ships next, not to another step. */
  atLastStep: z.boolean(),
});
export type OrderAtStep = z.infer<typeof orderAtStepSchema>;
export const internalStepsAnswerSchema = z.object({
  serviceCenter: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  steps: z.array(internalStepSchema),
  /** The center's orders in service, by step then number (docs/commerce.md "Internal steps"). */
  orders: z.array(orderAtStepSchema),
});
export type InternalStepsAnswer = z.infer<typeof internalStepsAnswerSchema>;

export const INTERNAL_STEPS_MAX = 30;
/** A center's steps in their order: a listed id keeps its step (renamed), no id adds one; the others stop. */
export const internalStepsBodySchema = z.strictObject({
  steps: z
    .array(
      z.strictObject({
        id: z.number().int().positive().nullable(),
        name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
      }),
    )
    .max(INTERNAL_STEPS_MAX, `must be at most ${INTERNAL_STEPS_MAX} steps`)
    .meta({ examples: [[{ id: null, name: 'Incoming inspection' }]] }),
});
export type InternalStepsBody = z.input<typeof internalStepsBodySchema>;
