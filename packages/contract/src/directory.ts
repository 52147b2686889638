import { z } from 'zod';
import { COMPANY_KINDS } from './rights.ts';

/** A company of the product: the maker's own, or a customer's or partner's. */
export const companySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  kind: z.enum(COMPANY_KINDS),
});
export type Company = z.infer<typeof companySchema>;
export const companyListAnswerSchema = z.object({ companies: z.array(companySchema) });

/** A device group (the series list's Group filter); users belong to groups too. */
export const deviceGroupSchema = z.object({ id: z.number().int(), name: z.string() });
export type DeviceGroup = z.infer<typeof deviceGroupSchema>;
export const deviceGroupListAnswerSchema = z.object({ groups: z.array(deviceGroupSchema) });
