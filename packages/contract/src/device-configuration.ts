import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

/**
 * Desired configuration (docs/company-tools.md, Configuration): what staff set for a device or a group of
 * devices. It names only the settings it changes; the device merges it into its own configuration and
 * reports the whole back. A device's desired configuration is its group's with its own on top.
 */
export type ConfigurationObject = Record<string, unknown>;

export const CONFIGURATION_MAX_BYTES = 64 * 1024;
export const CONFIGURATION_MAX_DEPTH = 8;
export const CONFIGURATION_KEY_MAX_LENGTH = 100;

const isObject = (value: unknown): value is ConfigurationObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (isObject(value)) return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

function longKeyOf(value: unknown, path: string): string | null {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = longKeyOf(item, `${path}[${index}]`);
      if (found) return found;
    }
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.length === 0 || key.length > CONFIGURATION_KEY_MAX_LENGTH) return path || 'the top level';
      const found = longKeyOf(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

export interface ConfigurationProblem {
  /** Which rule the document breaks: its size, its depth, or a key (empty or too long). */
  rule: 'size' | 'depth' | 'key';
  message: string;
}

/** What is wrong with a configuration document, or null: its size, its depth, its keys. */
export function configurationProblem(content: ConfigurationObject): ConfigurationProblem | null {
  const bytes = new TextEncoder().encode(JSON.stringify(content)).length;
  if (bytes > CONFIGURATION_MAX_BYTES)
    return {
      rule: 'size',
      message: `is ${bytes} bytes of JSON; at most ${CONFIGURATION_MAX_BYTES} are allowed`,
    };
  if (depthOf(content) > CONFIGURATION_MAX_DEPTH)
    return { rule: 'depth', message: `nests deeper than ${CONFIGURATION_MAX_DEPTH} levels` };
  const where = longKeyOf(content, '');
  if (where)
    return {
      rule: 'key',
      message: `has an empty key or one longer than ${CONFIGURATION_KEY_MAX_LENGTH} characters in ${where}`,
    };
  return null;
}

export const configurationContentSchema = z
  .record(z.string().max(CONFIGURATION_KEY_MAX_LENGTH), z.unknown())
  .superRefine((content, context) => {
    const problem = configurationProblem(content);
    if (problem) context.addIssue({ code: 'custom', message: `The configuration ${problem.message}` });
  });

/** The body that sets a desired configuration. */
export const desiredConfigurationBodySchema = z.object({ content: configurationContentSchema }).strict();
export type DesiredConfigurationBody = z.infer<typeof desiredConfigurationBodySchema>;

/** Settings of `override` win over those of `base`; objects merge key by key, anything else is replaced. */
export function mergeConfiguration(
  base: ConfigurationObject,
  override: ConfigurationObject,
): ConfigurationObject {
  const merged: ConfigurationObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isObject(current) && isObject(value) ? mergeConfiguration(current, value) : value;
  }
  return merged;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]))
    );
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]))
    );
  }
  return a === b;
}

export interface ConfigurationDifference {
  /** Dotted path of the setting, as `units.pressure`. */
  path: string;
  desired: unknown;
  /** Absent (undefined) when the device does not report the setting at all. */
  reported: unknown;
}

/** The settings of `desired` the device does not report as desired: the ones still to reach it. */
export function configurationDifferences(
  reported: ConfigurationObject | null,
  desired: ConfigurationObject,
  prefix = '',
): ConfigurationDifference[] {
  return Object.entries(desired).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const current = reported?.[key];
    if (isObject(value) && isObject(current)) return configurationDifferences(current, value, path);
    return sameValue(current, value) ? [] : [{ path, desired: value, reported: current }];
  });
}

const setBySchema = z.object({ setAt: z.string(), setBy: z.string() });

/** A desired configuration as it was set, by whom and when. */
export const desiredConfigurationSchema = setBySchema.extend({ content: z.record(z.string(), z.unknown()) });
export type DesiredConfiguration = z.infer<typeof desiredConfigurationSchema>;

/** One device's configuration as the Configuration tool shows it. */
export const deviceConfigurationStateSchema = z.object({
  serialNumber: z.string(),
  groupName: z.string().nullable(),
  reported: z.object({ reportedAt: z.string(), content: z.record(z.string(), z.unknown()) }).nullable(),
  /** Set for the device itself. */
  desired: desiredConfigurationSchema.nullable(),
  /** Set for the device's group. */
  groupDesired: desiredConfigurationSchema.nullable(),
  /** The group's with the device's own on top: what the device is sent. */
  effective: z.record(z.string(), z.unknown()),
  differences: z.array(
    z.object({ path: z.string(), desired: z.unknown(), reported: z.unknown().optional() }),
  ),
});
export type DeviceConfigurationState = z.infer<typeof deviceConfigurationStateSchema>;

/** A device group as the Configuration tool shows it: its devices and its desired configuration. */
export const groupConfigurationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceCount: z.number().int(),
  storeCount: z.number().int(),
  /** Devices with a desired configuration of their own. */
  configuredDeviceCount: z.number().int(),
  desired: desiredConfigurationSchema.nullable(),
});
export type GroupConfiguration = z.infer<typeof groupConfigurationSchema>;
export const groupConfigurationListSchema = z.object({ groups: z.array(groupConfigurationSchema) });

/** A device with a desired configuration of its own, in the Devices tab's list. */
export const configuredDeviceSchema = z.object({
  serialNumber: z.string(),
  setAt: z.string(),
  setBy: z.string(),
  /** Settings the device does not report yet. */
  differenceCount: z.number().int(),
});
export const configuredDeviceListSchema = z.object({
  totalCount: z.number().int(),
  devices: z.array(configuredDeviceSchema),
});
export type ConfiguredDeviceList = z.infer<typeof configuredDeviceListSchema>;

export const CONFIGURED_DEVICE_TOKENS: readonly SearchTokenDefinition[] = [
  {
    type: 'SerialNumber',
    label: 'configuration.devices.filters.serial_number',
    kind: 'text',
    unique: true,
    order: 0,
  },
];

export const CONFIGURED_DEVICE_LIST: ListDefinition = {
  sortColumns: ['SetAt'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(CONFIGURED_DEVICE_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};
