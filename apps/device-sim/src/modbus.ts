/**
 * The simulated device's Modbus side, as a support engineer reaches it through the hub: requests and
 * answers as hexadecimal bytes (slave id, function, data; no checksum, the desktop tool adds it).
 */

/** Registers below this address exist; a read above gets no answer at all, as from a real device. */
export const REGISTER_LIMIT = 0x1000;
const READ_FUNCTIONS = new Set([0x03, 0x04]);
/** The most registers one Modbus read may ask for. */
const MAX_READ_REGISTERS = 125;
const ILLEGAL_DATA_VALUE = 0x03;

/** `01 03 00 10 00 02` (spaces optional) as bytes; null when it is not whole hexadecimal bytes. */
export function parseHexBytes(raw: string): number[] | null {
  const digits = raw.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})+$/.test(digits)) return null;
  return (digits.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
}

export function formatHexBytes(bytes: readonly number[]): string {
  return bytes.map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

/** What a register holds: the same plausible reading each time (42, 500, 958… at 0, 1, 2…). */
export function registerValue(address: number): number {
  return (42 + address * 458) % 1000;
}

/**
 * The device's answer to a request: a read (function 03 or 04) answers the registers' values, or an
 * exception for a malformed one; any other function is acknowledged by its echo, as writes are. Null:
 * the device stays silent (a register it does not have).
 */
export function modbusAnswer(request: readonly number[]): number[] | null {
  const [slave = 0, code = 0] = request;
  if (!READ_FUNCTIONS.has(code)) return [...request];
  if (request.length < 6) return [slave, code | 0x80, ILLEGAL_DATA_VALUE];
  const address = (request[2]! << 8) | request[3]!;
  const quantity = (request[4]! << 8) | request[5]!;
  if (address >= REGISTER_LIMIT) return null;
  if (quantity < 1 || quantity > MAX_READ_REGISTERS) return [slave, code | 0x80, ILLEGAL_DATA_VALUE];
  const values = Array.from({ length: quantity }, (_, index) => registerValue(address + index));
  return [slave, code, quantity * 2, ...values.flatMap((value) => [value >> 8, value & 0xff])];
}
