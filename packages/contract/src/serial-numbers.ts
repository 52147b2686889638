import { z } from 'zod';

/** Spec §3: characters 1 to 10 are the part number; characters 11 to 15 are the 'from' part. */
export const PART_NUMBER_LENGTH = 10;
export const SERIAL_NUMBER_LENGTH = 15;

/** A part number as a body gives it: ten letters or digits, upper-cased. */
export const partNumberSchema = z
  .string()
  .max(PART_NUMBER_LENGTH + 2, `must be ${PART_NUMBER_LENGTH} letters or digits`)
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9]{${PART_NUMBER_LENGTH}}$`), `must be ${PART_NUMBER_LENGTH} letters or digits`);

export function partNumberOf(serialNumber: string): string {
  return serialNumber.slice(0, PART_NUMBER_LENGTH);
}

export function fromPartOf(serialNumber: string): string {
  return serialNumber.slice(PART_NUMBER_LENGTH, SERIAL_NUMBER_LENGTH);
}

/** Spec §2: the letter A at position 5 (index 4) and a length over 4 mark an accessory. */
export function isAccessorySerialNumber(serialNumber: string): boolean {
  return serialNumber.length > 4 && serialNumber[4] === 'A';
}

/** The console route a serial number leads to. */
export function serialNumberRoute(serialNumber: string): string {
  const encoded = encodeURIComponent(serialNumber);
  return isAccessorySerialNumber(serialNumber) ? `/accessory/${encoded}` : `/serie/${encoded}`;
}

export const SERIAL_NUMBER_PATTERN = /^[A-Z0-9]{5,32}$/;
