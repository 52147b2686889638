import { describe, expect, it } from 'vitest';
import { DEVICE_ACTION_RULES } from './device-actions.ts';
import { STORE_ADDRESS_ROLES } from './store-addresses.ts';

describe('store addresses', () => {
  it('are seen by the roles that edit or attach a store (spec §6)', () => {
    expect(STORE_ADDRESS_ROLES).toEqual(DEVICE_ACTION_RULES.editStore.roles);
    expect(STORE_ADDRESS_ROLES).toContain('support-config');
    expect(STORE_ADDRESS_ROLES).not.toContain('customer-engineering-user');
  });
});
