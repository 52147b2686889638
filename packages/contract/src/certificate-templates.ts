import { z } from 'zod';

/**
 * Certificate templates (docs/company-tools.md, Certificates): the text of a certificate document per
 * device type, with placeholders filled when a certificate is registered without a document of its own.
 */
export const CERTIFICATE_TEMPLATE_FIELDS = [
  'certificateNumber',
  'serialNumber',
  'deviceType',
  'partNumber',
  'companyName',
  'calibrationDate',
  'endOfValidityDate',
  'checkOutcome',
  'laboratory',
] as const;
export type CertificateTemplateField = (typeof CERTIFICATE_TEMPLATE_FIELDS)[number];
export type CertificateTemplateValues = Record<CertificateTemplateField, string>;

/** The template of every device type without one of its own. */
export const ANY_DEVICE_TYPE = '*';
export const CERTIFICATE_TEMPLATE_MAX_LENGTH = 8000;

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The placeholders of a template that name no field, each once, in order. */
export function unknownPlaceholders(body: string): string[] {
  const known = new Set<string>(CERTIFICATE_TEMPLATE_FIELDS);
  const unknown = [...body.matchAll(PLACEHOLDER)]
    .map((match) => match[1]!)
    .filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

/** The template's text with each placeholder replaced by its value. */
export function fillTemplate(body: string, values: CertificateTemplateValues): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as CertificateTemplateField] : whole,
  );
}

/** What a new template starts from. */
export const DEFAULT_CERTIFICATE_TEMPLATE = `Calibration certificate {{certificateNumber}}

Device: {{deviceType}}, serial number {{serialNumber}} (part number {{partNumber}})
Owner: {{companyName}}

Calibrated on {{calibrationDate}} by {{laboratory}}.
Calibration check: {{checkOutcome}}.
This certificate is valid until {{endOfValidityDate}}.`;

export const certificateTemplateBodySchema = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(CERTIFICATE_TEMPLATE_MAX_LENGTH, `must be at most ${CERTIFICATE_TEMPLATE_MAX_LENGTH} characters`)
      .superRefine((body, context) => {
        const unknown = unknownPlaceholders(body);
        if (unknown.length)
          context.addIssue({
            code: 'custom',
            message: `names unknown placeholders: ${unknown.map((name) => `{{${name}}}`).join(', ')}`,
          });
      }),
  })
  .strict();
export type CertificateTemplateBody = z.infer<typeof certificateTemplateBodySchema>;

/** Values that look like a certificate's, to preview a template. */
export function sampleTemplateValues(deviceType: string): CertificateTemplateValues {
  return {
    certificateNumber: 'CAL-2026-00042',
    serialNumber: 'TPT2C5189500001',
    deviceType: deviceType === ANY_DEVICE_TYPE ? 'TPMS-TOOL' : deviceType,
    partNumber: 'TPT2C51895',
    companyName: 'Atelier Durand Automobiles',
    calibrationDate: '2026-11-02',
    endOfValidityDate: '2027-11-02',
    checkOutcome: 'passed',
    laboratory: 'Lyon calibration laboratory',
  };
}

export const certificateTemplateSchema = z.object({
  /** A device type, or `*` for every device type without a template of its own. */
  deviceType: z.string(),
  body: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type CertificateTemplate = z.infer<typeof certificateTemplateSchema>;
export const certificateTemplateListSchema = z.object({
  templates: z.array(certificateTemplateSchema),
  /** The device types the fleet has, for a new template. */
  deviceTypes: z.array(z.string()),
});
export type CertificateTemplateList = z.infer<typeof certificateTemplateListSchema>;
