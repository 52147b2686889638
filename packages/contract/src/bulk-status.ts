import { z } from 'zod';
import { certificateValiditySchema } from './certificates.ts';
import { heartbeatStatusSchema } from './series.ts';

/** Answers of the bulk status calls, keyed by the serial numbers sent; devices not visible are left out. */
export const heartbeatStatusMapSchema = z.record(z.string(), heartbeatStatusSchema);
export const certificateValidityMapSchema = z.record(z.string(), certificateValiditySchema);
