import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  curveAxisBounds,
  cutMetadataValue,
  mayCheckWarranty,
  pictureMetadataSchema,
  warrantyCheckQuery,
} from './job-detail.ts';
import { changedTags, jobEditSchema } from './job-tags.ts';

describe('graph axes (jobs §2)', () => {
  it('fixes each axis to the floor of its minimum and the ceiling of its maximum', () => {
    expect(
      curveAxisBounds([
        { min: -1.2, max: 3.4 },
        { min: 10, max: 250.01 },
      ]),
    ).toEqual([
      { min: -2, max: 4 },
      { min: 10, max: 251 },
    ]);
  });
  it('leaves every axis free when a curve is constant', () => {
    expect(
      curveAxisBounds([
        { min: 0.5, max: 3 },
        { min: 12, max: 12 },
      ]),
    ).toEqual([null, null]);
  });
  it('labels with one decimal', () => {
    expect(axisLabel(3)).toBe('3.0');
    expect(axisLabel(-0.25)).toBe('-0.3');
  });
});

describe('picture metadata (jobs §2)', () => {
  it('cuts values over 20 characters to 10 and an ellipsis', () => {
    expect(cutMetadataValue('x'.repeat(20))).toBe('x'.repeat(20));
    expect(cutMetadataValue('abcdefghijklmnopqrstu')).toBe('abcdefghij…');
  });
  it('reads numbers and booleans as text and refuses too many entries', () => {
    expect(pictureMetadataSchema.parse({ Camera: 'front', Width: 640, Flash: false })).toEqual({
      Camera: 'front',
      Width: '640',
      Flash: 'false',
    });
    const many = Object.fromEntries(Array.from({ length: 33 }, (_, index) => [`k${index}`, 'v']));
    expect(pictureMetadataSchema.safeParse(many).success).toBe(false);
  });
});

describe('job edits', () => {
  it('takes editable tags only, checked', () => {
    expect(jobEditSchema.safeParse({ data: { RO: 'RO-1', VIN: null } }).success).toBe(true);
    expect(jobEditSchema.safeParse({ data: { JID: 'x' } }).success).toBe(false);
    expect(jobEditSchema.safeParse({ data: {} }).success).toBe(false);
    expect(jobEditSchema.safeParse({ data: { VIN: 'WVWZZZ1KZAW00000I' } }).success).toBe(false);
    expect(jobEditSchema.safeParse({ data: { YE: '1850' } }).success).toBe(false);
    expect(jobEditSchema.safeParse({ data: { RO: 'x'.repeat(65) } }).success).toBe(false);
    expect(jobEditSchema.safeParse({ data: { NOTE: 'x'.repeat(300) } }).success).toBe(true);
  });
  it('keeps only what changes', () => {
    expect(changedTags({ RO: 'A', MK: 'BMW' }, { RO: 'A', MK: ' Audi ', MD: '', VIN: null })).toEqual({
      MK: 'Audi',
    });
    expect(changedTags({ RO: 'A' }, { RO: '' })).toEqual({ RO: null });
  });
});

describe('the warranty check (jobs §5)', () => {
  const data = { WARRANTYCODE: ' W123456789 ', RO: 'RO-1', VIN: 'VF1AAAAAAAA000001', BAC: '' };
  it('is offered with a warranty code to the maker’s staff and the customer warranty roles', () => {
    expect(mayCheckWarranty(data, ['support-user'])).toBe(true);
    expect(mayCheckWarranty(data, ['customer-warranty-user'])).toBe(true);
    expect(mayCheckWarranty(data, ['customer-engineering-manager'])).toBe(false);
    expect(mayCheckWarranty({ ...data, WARRANTYCODE: '  ' }, ['administrator'])).toBe(false);
  });
  it('opens the warranty route with warrantycode, ro, bac and vin', () => {
    expect(warrantyCheckQuery(data).toString()).toBe('warrantycode=W123456789&ro=RO-1&vin=VF1AAAAAAAA000001');
  });
});
