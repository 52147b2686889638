import type { z } from 'zod';
import { DEVICE_ACTION_RULES } from './device-actions.ts';
import type { RoleCode } from './roles.ts';
import type { storeAddressSchema } from './series.ts';

/**
 * Spec §6: the roles that edit or attach a store also see its address. They see it even when the device's
 * state forbids editing the store, so this is the role list alone, not the action's state rule.
 */
export const STORE_ADDRESS_ROLES: readonly RoleCode[] = DEVICE_ACTION_RULES.editStore.roles;

export type StoreAddress = z.infer<typeof storeAddressSchema>;
