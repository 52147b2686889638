import { z } from 'zod';
import { VARIANTS } from './languages.ts';
import { ROLE_CODES } from './roles.ts';
import { fieldRuleSchema } from './field-rules.ts';

/** Largest id (and page number) the database's integers hold. */
export const MAX_ID = 2_147_483_647;

/** A record id in a path or query: digits only, from 1 to MAX_ID. */
export const idParamSchema = z
  .string()
  .max(10, 'must be an id: a whole number from 1 to 2147483647')
  .regex(/^[0-9]+$/, 'must be an id: a whole number from 1 to 2147483647')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, 'must be an id: a whole number from 1 to 2147483647')
      .max(MAX_ID, 'must be an id: a whole number from 1 to 2147483647'),
  );

/** Every error answer of the API. */
export const errorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A field-level problem inside a 400 answer's details. */
export const fieldIssueSchema = z.object({
  field: z.string(),
  /** The server's own words (English), for API clients. */
  message: z.string(),
  /** The rule broken, which the console says in the user's language. */
  rule: fieldRuleSchema.optional(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const meSchema = z.object({
  sub: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(ROLE_CODES)),
  /** What the access token was granted for (spec §3: signed-in user). */
  scopes: z.array(z.string()),
  features: z.array(z.string()),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  wholeFleet: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const identityProviderSchema = z.object({
  name: z.string().min(1),
  label: z.string().min(1),
  authority: z.url(),
  clientId: z.string().min(1),
  scope: z.string().default('openid profile email'),
  /** The audience the API expects in access tokens of this provider. */
  audience: z.string().optional(),
  /** Resource indicator to ask tokens for, where the provider needs one. */
  resource: z.string().optional(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const appSettingsSchema = z.object({
  variant: z.enum(VARIANTS),
  languages: z.array(z.string()),
  authentication: z.object({
    /** The provider used unless the user picked another. */
    name: z.string(),
    others: z.array(identityProviderSchema).min(1),
  }),
  errorReporting: z.object({ dsn: z.string().nullable() }),
  links: z.object({ profile: z.string().nullable(), privacy: z.string().nullable() }),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const versionInfoSchema = z.object({ version: z.string(), build: z.string() });
export type VersionInfo = z.infer<typeof versionInfoSchema>;

export const userConfigurationAnswerSchema = z.object({
  userId: z.string(),
  /** The stored JSON text, `{section: {...}}`. */
  content: z.string(),
});
export type UserConfigurationAnswer = z.infer<typeof userConfigurationAnswerSchema>;

export const APP_VERSION = '25.08.00';
