import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer.ts';

const card = z.object({ id: z.number().int(), name: z.string(), seen: z.iso.datetime().nullable() });
const writer = (checked: boolean, schema: z.ZodType = card) =>
  responseSerializer({ checked })({ schema, method: 'GET', url: '/cards', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

describe('response serializer', () => {
  it('writes what the schema allows, and leaves out what it does not name', () => {
    const answer = { id: 7, name: 'TPMS', seen: null, secret: 'x' };
    expect(JSON.parse(writer(false)(answer))).toEqual({ id: 7, name: 'TPMS', seen: null });
  });

  it('in tests, fails an answer outside its schema that the compiled writer would have sent', () => {
    expect(() => writer(true)({ id: 7.5, name: 'TPMS', seen: null })).toThrow();
    expect(() => writer(true)({ id: 7, name: 'TPMS' })).toThrow();
    expect(writer(true)({ id: 7, name: 'TPMS', seen: '2026-11-28T10:00:00Z' })).toBe(
      '{"id":7,"name":"TPMS","seen":"2026-11-28T10:00:00Z"}',
    );
  });

  it('keeps zod for a schema JSON Schema cannot express', () => {
    const dated = z.object({ at: z.date() });
    const at = new Date('2026-11-28T10:00:00Z');
    expect(writer(false, dated)({ at })).toBe('{"at":"2026-11-28T10:00:00.000Z"}');
    expect(() => writer(false, dated)({ at: 'soon' })).toThrow();
  });
});

describe('response serializer, nullable values', () => {
  const nullable = z.object({
    state: z.enum(['A', 'E']).nullable(),
    seen: z.iso.datetime().nullable(),
    group: z.object({ id: z.number() }).nullable(),
    tags: z.array(z.string()).nullable(),
  });
  it('writes each nullable kind, set and unset, as zod does', () => {
    const write = writer(true, nullable);
    const set = { state: 'A', seen: '2026-11-28T10:00:00Z', group: { id: 2 }, tags: ['x'] };
    const unset = { state: null, seen: null, group: null, tags: null };
    expect(JSON.parse(write(set))).toEqual(set);
    expect(JSON.parse(write(unset))).toEqual(unset);
  });
});

describe('response serializer, unions of shapes', () => {
  it('writes either shape of a union whole (zod decides which)', () => {
    const either = z.union([
      z.object({ data: z.array(z.number()) }),
      z.object({ jobs: z.array(z.number()), total: z.number() }),
    ]);
    for (const checked of [true, false]) {
      const write = writer(checked, either);
      expect(JSON.parse(write({ data: [1] }))).toEqual({ data: [1] });
      expect(JSON.parse(write({ jobs: [1], total: 1 }))).toEqual({ jobs: [1], total: 1 });
    }
  });
});
