import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  VARIANT_LANGUAGES,
  appSettingsSchema,
  identityProviderSchema,
  type AppSettings,
  type IdentityProvider,
} from '@fleet/contract';
import type { Config } from './config.ts';
import { ConfigError } from './config.ts';
import { PRIVACY_PATH, PROFILE_PATH } from './idp/idp-paths.ts';

/** The optional appsettings file: external identity providers and display choices. */
const appSettingsFileSchema = z.object({
  variant: appSettingsSchema.shape.variant.optional(),
  languages: z.array(z.string()).optional(),
  authentication: z
    .object({
      name: z.string().optional(),
      others: z
        .array(identityProviderSchema.extend({ issuer: z.string().optional(), jwksUri: z.url().optional() }))
        .default([]),
    })
    .optional(),
  errorReporting: z.object({ dsn: z.string().nullable() }).optional(),
  links: z.object({ profile: z.string().nullable(), privacy: z.string().nullable() }).partial().optional(),
});

/** A provider whose tokens the API accepts. */
export interface TrustedIssuer extends IdentityProvider {
  /** The `iss` claim its tokens carry. */
  issuer: string;
  jwksUri?: string | undefined;
}

export interface ServerAppSettings {
  /** What the console loads at start. */
  client: AppSettings;
  trustedIssuers: TrustedIssuer[];
}

export const LOCAL_PROVIDER = 'local';
export const CONSOLE_CLIENT_ID = 'fleet-console';

export function builtinIssuer(config: Config): string {
  return `${config.publicUrl}/idp`;
}

export function apiAudience(config: Config): string {
  return `${config.publicUrl}/api`;
}

async function readSettingsFile(file: string | undefined) {
  if (!file) return {};
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: APPSETTINGS_FILE: cannot read ${file} (${(error as Error).message})`,
    );
  }
  const parsed = appSettingsFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new ConfigError(
      `Invalid configuration: APPSETTINGS_FILE: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

/**
 * The profile and privacy links: the file's, where it names one (null hides the link), else the built-in
 * provider's own pages while it runs. The profile page knows the built-in provider's accounts only, so it
 * is the default only when that provider is the one users sign in with.
 */
function linksOf(
  links: { profile?: string | null; privacy?: string | null } | undefined,
  config: Config,
  provider: string,
): AppSettings['links'] {
  const page = (path: string) => (config.builtinIdp ? `${config.publicUrl}${path}` : null);
  return {
    profile:
      links?.profile !== undefined ? links.profile : provider === LOCAL_PROVIDER ? page(PROFILE_PATH) : null,
    privacy: links?.privacy !== undefined ? links.privacy : page(PRIVACY_PATH),
  };
}

export async function loadAppSettings(config: Config): Promise<ServerAppSettings> {
  const file = await readSettingsFile(config.appSettingsFile);
  const variant = file.variant ?? config.variant;
  const external: TrustedIssuer[] = (file.authentication?.others ?? []).map((provider) => ({
    ...provider,
    issuer: provider.issuer ?? provider.authority,
  }));
  const local: TrustedIssuer[] = config.builtinIdp
    ? [
        {
          name: LOCAL_PROVIDER,
          label: 'Fleet Console',
          authority: builtinIssuer(config),
          issuer: builtinIssuer(config),
          clientId: CONSOLE_CLIENT_ID,
          scope: 'openid profile email api',
          audience: apiAudience(config),
        },
      ]
    : [];
  const trustedIssuers = [...local, ...external];
  if (trustedIssuers.length === 0)
    throw new ConfigError('Invalid configuration: BUILTIN_IDP is off and APPSETTINGS_FILE names no provider');
  const name = file.authentication?.name ?? trustedIssuers[0]!.name;
  if (!trustedIssuers.some((p) => p.name === name))
    throw new ConfigError(`Invalid configuration: APPSETTINGS_FILE: unknown provider ${name}`);
  const client: AppSettings = {
    variant,
    languages: file.languages ?? [...VARIANT_LANGUAGES[variant]],
    authentication: {
      name,
      others: trustedIssuers.map(({ name: n, label, authority, clientId, scope, audience, resource }) => ({
        name: n,
        label,
        authority,
        clientId,
        scope,
        ...(audience ? { audience } : {}),
        ...(resource ? { resource } : {}),
      })),
    },
    errorReporting: { dsn: file.errorReporting?.dsn ?? config.errorReportingDsn },
    links: linksOf(file.links, config, name),
  };
  return { client, trustedIssuers };
}
