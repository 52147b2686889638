export interface TermsVersion {
  version: string;
  /** ISO date the version took effect. */
  effective: string;
  sections: readonly { heading: string; text: string }[];
}

const USE_SECTIONS = [
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
];

/**
 * The terms and conditions, newest last (docs/commerce.md "Terms"): the console shows them, and an order
 * names the version its customer accepted, which the server checks against the current one. The legal
 * text is binding in English only, so it is not translated; the screen around it is.
 */
export const TERMS_VERSIONS: readonly TermsVersion[] = [
  { version: '1', effective: '2023-01-01', sections: USE_SECTIONS },
  {
    version: '2',
    effective: '2026-11-26',
    sections: [
      ...USE_SECTIONS.slice(0, 5),
      {
        heading: '6. Services and orders',
        text: 'Calibration services and parts ordered through the console are supplied by the service center named on the order. Prices are those shown when the order is placed or quoted, net of taxes, in the currency of the order; a quote is valid until the date it states.',
      },
      {
        heading: '7. Payment',
        text: 'Orders paid by card are charged when placed. Orders paid by bank transfer are invoiced when placed and payable within 30 days. An order is cancelled free of charge until it is invoiced.',
      },
      {
        heading: '8. Shipping and risk',
        text: 'The service center books the carrier that picks the devices up and brings them back. Devices travel at the service center’s risk from pick-up until they are delivered back; report any damage within 7 days of delivery.',
      },
      {
        heading: '9. Changes',
        text: 'New versions of these terms are published in the console. Continuing to use the console after a new version takes effect means accepting it; an order is governed by the version accepted when it was placed.',
      },
    ],
  },
];

/** The version a customer accepts when ordering. */
export const CURRENT_TERMS_VERSION: string = TERMS_VERSIONS.at(-1)!.version;
