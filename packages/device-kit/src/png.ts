import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of RGB pixels (3 bytes each, row by row). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 3 + 1)] = 0; // no filter
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(rows, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Colour = readonly [number, number, number];

/** A device screen: a title bar, gauges for the readings, and a row of status lights. */
export function drawScreen(readings: number[], accent: Colour, width = 320, height = 240): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  const fill = (x0: number, y0: number, w: number, h: number, colour: Colour) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(width, x0 + w); x++) rgb.set(colour, (y * width + x) * 3);
    }
  };
  fill(0, 0, width, height, [24, 28, 36]);
  fill(0, 0, width, 28, accent);
  readings.slice(0, 5).forEach((value, index) => {
    const y = 44 + index * 36;
    fill(16, y, width - 32, 20, [52, 58, 70]);
    const level = Math.max(0, Math.min(1, value));
    fill(
      16,
      y,
      Math.round((width - 32) * level),
      20,
      level > 0.85 ? [220, 70, 60] : level > 0.6 ? [240, 180, 40] : [70, 190, 110],
    );
  });
  for (let light = 0; light < 6; light++)
    fill(
      16 + light * 24,
      height - 20,
      14,
      10,
      readings[light % readings.length]! > 0.5 ? [90, 200, 120] : [90, 90, 90],
    );
  return encodePng(width, height, rgb);
}
