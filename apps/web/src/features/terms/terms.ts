import { LAST_TERMS_VERSION } from '../../config/paths';

export interface TermsVersion {
  version: string;
  /** ISO date the version took effect. */
  effective: string;
  sections: readonly { heading: string; text: string }[];
}

/**
 * The terms and conditions of use, newest last. The legal text is binding in English only,
 * so it is not translated; the screen around it is.
 */
export const TERMS_VERSIONS: readonly TermsVersion[] = [
  {
    version: '1',
    effective: '2023-01-01',
    sections: [
      {
        heading: '1. Scope',
        text: 'These terms govern the use of the Fleet Console web console and of the data it shows about your connected measuring devices, their accessories and the jobs they produce.',
      },
      {
        heading: '2. Accounts',
        text: 'Access is personal and granted through your organisation’s identity provider. Keep your credentials confidential and tell your administrator at once if you suspect misuse.',
      },
      {
        heading: '3. Use of data',
        text: 'Measurement data, device information and certificates remain the property of the organisation that owns the devices. Use them only for the operation, maintenance and calibration of those devices.',
      },
      {
        heading: '4. Availability',
        text: 'The service is provided as is. Maintenance may interrupt it; planned interruptions are announced in the console whenever possible.',
      },
      {
        heading: '5. Privacy',
        text: 'Personal data (name, e-mail address, language and display preferences) is processed only to provide the service, as described in the privacy policy linked from the About page.',
      },
      {
        heading: '6. Changes',
        text: 'New versions of these terms are published in the console. Continuing to use the console after a new version takes effect means accepting it.',
      },
    ],
  },
];

/** `last-version` or a version number; undefined when no such version exists. */
export function findTerms(versionNumber: string | undefined): TermsVersion | undefined {
  if (!versionNumber || versionNumber === LAST_TERMS_VERSION) return TERMS_VERSIONS.at(-1);
  return TERMS_VERSIONS.find((terms) => terms.version === versionNumber);
}
