import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The device the simulator runs for the tests: online 25 s, offline 50 s, over and over. */
export function simulatedDevice(): string {
  const file = path.join(import.meta.dirname, '..', '.simulated-devices.json');
  const [serialNumber] = JSON.parse(readFileSync(file, 'utf8')) as string[];
  if (!serialNumber) throw new Error('the simulator runs no device');
  return serialNumber;
}
