import { describe, expect, it } from 'vitest';
import { attachment } from './media-storage.ts';

describe('a download’s file name', () => {
  it('is quoted as it is when it is plain ASCII', () => {
    expect(attachment('exports/fleet-jobs 2026-11.csv')).toBe(
      'attachment; filename="fleet-jobs 2026-11.csv"',
    );
  });

  it('has an ASCII stand-in and the RFC 5987 name otherwise, and never a bare quote', () => {
    expect(attachment('exports/Relevé.csv')).toBe(
      `attachment; filename="Relev_.csv"; filename*=UTF-8''Relev%C3%A9.csv`,
    );
    expect(attachment('exports/a"b.csv')).toBe(`attachment; filename="a_b.csv"; filename*=UTF-8''a%22b.csv`);
  });
});
