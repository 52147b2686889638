const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID (users, companies, tasks): anything else names no such record. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
