import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_TEMPLATE_FIELDS,
  DEFAULT_CERTIFICATE_TEMPLATE,
  certificateTemplateBodySchema,
  fillTemplate,
  unknownPlaceholders,
  type CertificateTemplateValues,
} from './certificate-templates.ts';

const values = Object.fromEntries(
  CERTIFICATE_TEMPLATE_FIELDS.map((field) => [field, `<${field}>`]),
) as CertificateTemplateValues;

describe('certificate templates', () => {
  it('fills every placeholder of the default template', () => {
    const text = fillTemplate(DEFAULT_CERTIFICATE_TEMPLATE, values);
    expect(text).not.toMatch(/\{\{/);
    expect(text).toContain('serial number <serialNumber>');
    expect(unknownPlaceholders(DEFAULT_CERTIFICATE_TEMPLATE)).toEqual([]);
  });

  it('accepts spaces inside the braces and leaves what is no placeholder', () => {
    expect(fillTemplate('{{ serialNumber }} {single} {{', values)).toBe('<serialNumber> {single} {{');
  });

  it('names unknown placeholders once each, and the body schema refuses them', () => {
    expect(unknownPlaceholders('{{owner}} {{serialNumber}} {{owner}} {{ date }}')).toEqual(['owner', 'date']);
    const parsed = certificateTemplateBodySchema.safeParse({ body: 'Issued to {{owner}}' });
    expect(parsed.error?.issues[0]?.message).toBe('names unknown placeholders: {{owner}}');
    expect(certificateTemplateBodySchema.safeParse({ body: '  ' }).success).toBe(false);
  });
});
