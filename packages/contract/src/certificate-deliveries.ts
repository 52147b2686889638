import { z } from 'zod';
import { CERTIFICATE_STATUSES } from './certificates.ts';
import { ALL_LANGUAGES } from './languages.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

/**
 * Certificate deliveries (docs/company-tools.md, Certificates): a customer company's certificates sent to
 * recipients by e-mail, each with a link to its document valid for DELIVERY_LINK_DAYS.
 */
export const DELIVERY_LINK_DAYS = 30;
export const DELIVERY_RECIPIENTS_MAX = 20;
export const DELIVERY_CERTIFICATES_MAX = 1000;
export const DELIVERY_MESSAGE_MAX_LENGTH = 2000;

/** What became of a delivery's e-mail: sent, refused by the mail server, or not sent as e-mail is off. */
export const DELIVERY_EMAIL_STATES = ['sent', 'failed', 'off'] as const;
export type DeliveryEmailState = (typeof DELIVERY_EMAIL_STATES)[number];

export const certificateDeliveryBodySchema = z
  .object({
    companyId: z.uuid(),
    recipients: z
      .array(z.email('must be e-mail addresses').max(254))
      .min(1, 'must name at least one recipient')
      .max(DELIVERY_RECIPIENTS_MAX, `must name at most ${DELIVERY_RECIPIENTS_MAX} recipients`)
      .refine((emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length, {
        message: 'must name each recipient once',
      }),
    certificateIds: z
      .array(z.number().int().min(1).max(2_147_483_647))
      .min(1, 'must name at least one certificate')
      .max(DELIVERY_CERTIFICATES_MAX, `must name at most ${DELIVERY_CERTIFICATES_MAX} certificates`)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'must name each certificate once' }),
    message: z.string().trim().max(DELIVERY_MESSAGE_MAX_LENGTH).optional(),
    /** The e-mail's language; the sender's by default. */
    language: z.enum(ALL_LANGUAGES).optional(),
  })
  .strict();
export type CertificateDeliveryBody = z.infer<typeof certificateDeliveryBodySchema>;

/** A certificate a delivery may send: the latest not rejected of each device of the company. */
export const deliveryCandidateSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  serialNumber: z.string(),
  calibrationDate: z.string(),
  endOfValidityDate: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  hasDocument: z.boolean(),
});
export type DeliveryCandidate = z.infer<typeof deliveryCandidateSchema>;
export const deliveryCandidateListSchema = z.object({ certificates: z.array(deliveryCandidateSchema) });

export const certificateDeliverySchema = z.object({
  id: z.number().int(),
  companyId: z.string(),
  companyName: z.string(),
  recipients: z.array(z.string()),
  message: z.string().nullable(),
  certificateCount: z.number().int(),
  email: z.enum(DELIVERY_EMAIL_STATES),
  emailError: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type CertificateDelivery = z.infer<typeof certificateDeliverySchema>;
export const certificateDeliveryListSchema = z.object({
  deliveries: z.array(certificateDeliverySchema),
  totalCount: z.number().int(),
});
/** The delivery's e-mail, with links made now: what staff send themselves when e-mail is off. */
export const deliveryEmailSchema = z.object({
  subject: z.string(),
  text: z.string(),
  linksValidUntil: z.string(),
});
export const createdDeliverySchema = certificateDeliverySchema.extend({ emailText: deliveryEmailSchema });

export const CERTIFICATE_DELIVERY_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Company', label: 'certificates.delivery.filters.company', kind: 'choice', unique: true, order: 0 },
];

export const CERTIFICATE_DELIVERY_LIST: ListDefinition = {
  sortColumns: ['CreatedAt'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(CERTIFICATE_DELIVERY_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};
