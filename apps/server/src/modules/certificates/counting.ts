import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * The certificate rule every reading of a device's status shares: a certificate counts unless quality
 * rejected it; the device's certificate is its latest one that counts.
 */
export function countsForDevice(quality: Column | SQL): SQL {
  return sql`${quality} <> 'rejected'`;
}
