import { describe, expect, it, vi } from 'vitest';
import { queryClientWithChanges } from './changes';

describe('a change', () => {
  it('reloads the reads it names once it succeeds, before its caller goes on, and no other', async () => {
    const client = queryClientWithChanges();
    const stores = vi.fn(async () => ['Lyon']);
    const jobs = vi.fn(async () => ['job']);
    await client.fetchQuery({ queryKey: ['stores', 'list'], queryFn: stores });
    await client.fetchQuery({ queryKey: ['jobs'], queryFn: jobs });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => 'saved',
      meta: { changes: [['stores']] },
    });
    expect(await mutation.execute(undefined)).toBe('saved');
    expect(client.getQueryState(['stores', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['jobs'])?.isInvalidated).toBe(false);
  });

  it('reloads nothing when refused', async () => {
    const client = queryClientWithChanges();
    await client.fetchQuery({ queryKey: ['stores'], queryFn: async () => [] });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => Promise.reject(new Error('refused')),
      meta: { changes: [['stores']] },
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('refused');
    expect(client.getQueryState(['stores'])?.isInvalidated).toBe(false);
  });
});
