import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawScreen, encodePng } from './png.ts';

describe('PNG screens', () => {
  it('writes a valid PNG with the pixels given', () => {
    const png = encodePng(2, 1, new Uint8Array([255, 0, 0, 0, 0, 255]));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(2);
    expect(png.readUInt32BE(20)).toBe(1);
    const idatLength = png.readUInt32BE(33);
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...pixels]).toEqual([0, 255, 0, 0, 0, 0, 255]);
  });

  it('draws a 320x240 screen', () => {
    const png = drawScreen([0.2, 0.7, 0.9], [30, 110, 210]);
    expect(png.readUInt32BE(16)).toBe(320);
    expect(png.readUInt32BE(20)).toBe(240);
  });
});
