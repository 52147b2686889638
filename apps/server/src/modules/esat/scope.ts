import { eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { canUseFeature, hasAnyRole, ESAT_ENTRY_ROLES } from '@fleet/contract';
import { surveys } from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';

/**
 * Who sees which surveys (docs/insights.md "Statistics"): the statistics' readers (STATISTICS) every one;
 * those who enter results the surveys they answered, and the unanswered ones they may answer.
 */
export function readsEverySurvey(user: SignedInUser): boolean {
  return canUseFeature('STATISTICS', user.roles, user.disabledFeatures);
}

export function entersSurveys(user: SignedInUser): boolean {
  return hasAnyRole(ESAT_ENTRY_ROLES, user.roles);
}

/** The answered surveys the user reads: every one, or those they entered. */
export function answeredScope(user: SignedInUser): SQL | undefined {
  return readsEverySurvey(user) ? undefined : eq(surveys.enteredBy, user.id);
}

/** The surveys the user sees: the answered ones they read, and the unanswered ones if they enter results. */
export function surveyScope(user: SignedInUser): SQL | undefined {
  if (readsEverySurvey(user)) return undefined;
  return or(eq(surveys.enteredBy, user.id), entersSurveys(user) ? isNull(surveys.answeredAt) : sql`false`);
}
