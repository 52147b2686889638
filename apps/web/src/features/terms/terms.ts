import { TERMS_VERSIONS, type TermsVersion } from '@fleet/contract';
import { LAST_TERMS_VERSION } from '../../config/paths';

/** `last-version` or a version number; undefined when no such version exists. */
export function findTerms(versionNumber: string | undefined): TermsVersion | undefined {
  if (!versionNumber || versionNumber === LAST_TERMS_VERSION) return TERMS_VERSIONS.at(-1);
  return TERMS_VERSIONS.find((terms) => terms.version === versionNumber);
}
