import {
  normaliseUserConfiguration,
  pickLanguage,
  userConfigurationDocument,
  type UserConfigurationAnswer,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { readConfiguration, writeConfiguration } from './repository.ts';

export interface ConfigurationContext {
  db: Db;
  section: string;
  languages: readonly string[];
}

/** A user reads and writes only their own configuration. */
function ensureOwn(user: SignedInUser, userId: string) {
  if (user.id !== userId) throw forbidden('You can only read your own configuration');
}

export async function getConfiguration(
  context: ConfigurationContext,
  user: SignedInUser,
  userId: string,
): Promise<UserConfigurationAnswer> {
  ensureOwn(user, userId);
  return { userId, content: (await readConfiguration(context.db, userId)) ?? '{}' };
}

function parseDocument(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Invalid body.ConfigurationFile: is not valid JSON', [
      { field: 'body.ConfigurationFile', message: 'is not valid JSON' },
    ]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('Invalid body.ConfigurationFile: must be a JSON object', [
      { field: 'body.ConfigurationFile', message: 'must be a JSON object' },
    ]);
  }
  return value as Record<string, unknown>;
}

/**
 * Saves the user's configuration, normalised per spec §5. Values the server cannot judge
 * better than the last saved ones (time zone guess) fall back to those, then to UTC.
 */
export async function saveConfiguration(
  context: ConfigurationContext,
  user: SignedInUser,
  text: string,
  acceptLanguages: readonly string[],
): Promise<UserConfigurationAnswer> {
  const document = parseDocument(text);
  const previous = normaliseUserConfiguration((await readConfiguration(context.db, user.id)) ?? undefined, {
    section: context.section,
    availableLanguages: context.languages,
    currentLanguage: pickLanguage(acceptLanguages, context.languages),
    guessedTimeZone: 'UTC',
  });
  const configuration = normaliseUserConfiguration(document, {
    section: context.section,
    availableLanguages: context.languages,
    currentLanguage: previous.current_language,
    guessedTimeZone: previous.timezone,
  });
  const content = JSON.stringify(userConfigurationDocument(context.section, configuration));
  await writeConfiguration(context.db, user.id, content);
  return { userId: user.id, content };
}
