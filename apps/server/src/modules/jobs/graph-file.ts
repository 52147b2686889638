import { GRAPH_MAX_CURVES, GRAPH_MAX_POINTS } from '@fleet/contract';
import { badRequest } from '../../lib/errors.ts';

/**
 * A graph's points as stored in media storage: `FGR1`, the header's length (uint32 LE), the header
 * (JSON: curve names and point counts), then per curve its X then its Y values as float64 LE. A
 * million points take 16 MB, read in slices to answer (docs/job-detail.md).
 */
const MAGIC = Buffer.from('FGR1');

export interface GraphCurve {
  name: string;
  x: Float64Array;
  y: Float64Array;
}

interface GraphHeader {
  curves: { name: string; count: number }[];
}

export function encodeGraph(curves: readonly GraphCurve[]): Buffer {
  const header = Buffer.from(
    JSON.stringify({ curves: curves.map((curve) => ({ name: curve.name, count: curve.x.length })) }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  const parts: Buffer[] = [MAGIC, length, header];
  for (const curve of curves) {
    parts.push(Buffer.from(curve.x.buffer, curve.x.byteOffset, curve.x.byteLength));
    parts.push(Buffer.from(curve.y.buffer, curve.y.byteOffset, curve.y.byteLength));
  }
  return Buffer.concat(parts);
}

/** Where each curve's values are in a stored graph. */
export function graphLayout(file: Buffer): { name: string; count: number; xAt: number; yAt: number }[] {
  if (file.length < 8 || !file.subarray(0, 4).equals(MAGIC)) throw new Error('Not a stored graph');
  const headerLength = file.readUInt32LE(4);
  const header = JSON.parse(file.subarray(8, 8 + headerLength).toString('utf8')) as GraphHeader;
  let at = 8 + headerLength;
  return header.curves.map((curve) => {
    const xAt = at;
    const yAt = xAt + curve.count * 8;
    at = yAt + curve.count * 8;
    return { ...curve, xAt, yAt };
  });
}

const SLICE = 16_384;

/** The numbers at `at`, `count` of them, as JSON list items, a slice at a time. */
function* numbers(file: Buffer, at: number, count: number): Generator<string> {
  // Copied to an aligned buffer: a Float64Array view needs an offset that is a multiple of 8.
  const values = new Float64Array(Math.min(SLICE, count));
  for (let start = 0; start < count; start += SLICE) {
    const n = Math.min(SLICE, count - start);
    const bytes = new Uint8Array(values.buffer, 0, n * 8);
    bytes.set(file.subarray(at + start * 8, at + (start + n) * 8));
    const parts = new Array<string>(n);
    for (let k = 0; k < n; k++) parts[k] = String(values[k]);
    yield (start === 0 ? '' : ',') + parts.join(',');
  }
}

/**
 * A stored graph as the JSON of jobs spec §3 (`curves` of `curveName` and `pointsData` X and Y), written
 * piece by piece after `head` (the graph's other fields, as a JSON object): never one giant string.
 */
export function* graphJson(head: Record<string, unknown>, file: Buffer): Generator<string> {
  const opening = JSON.stringify(head);
  yield `${opening.slice(0, -1)}${opening.length > 2 ? ',' : ''}"curves":[`;
  let first = true;
  for (const curve of graphLayout(file)) {
    yield `${first ? '' : ','}{"curveName":${JSON.stringify(curve.name)},"pointsData":{"X":[`;
    yield* numbers(file, curve.xAt, curve.count);
    yield '],"Y":[';
    yield* numbers(file, curve.yAt, curve.count);
    yield ']}}';
    first = false;
  }
  yield ']}';
}

class GrowingColumn {
  values = new Float64Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }
  take(): Float64Array {
    return this.values.slice(0, this.length);
  }
}

/**
 * A graph file as a device writes it (docs/job-detail.md): CSV, a header line naming the X column
 * (seconds from the job's start) and then each curve, then a line per instant. An empty cell is no point
 * of that curve then. A 400 names the line and column of what is wrong.
 */
export function parseGraphCsv(text: string): { curves: GraphCurve[]; pointCount: number } {
  const lines = text.split(/\r?\n/);
  const separator = (lines[0] ?? '').includes(';') ? ';' : ',';
  const names = (lines[0] ?? '').split(separator).map((name) => name.trim().replace(/^"(.*)"$/, '$1'));
  const fail = (message: string) => badRequest(`body: ${message}`, [{ field: 'body', message }]);
  if (names.length < 2 || names.some((name) => name === '' || name.length > 64))
    throw fail('line 1 must name the X column and at least one curve, each in at most 64 characters');
  if (names.length - 1 > GRAPH_MAX_CURVES) throw fail(`a graph has at most ${GRAPH_MAX_CURVES} curves`);
  const xs = names.slice(1).map(() => new GrowingColumn());
  const ys = names.slice(1).map(() => new GrowingColumn());
  let points = 0;
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    const cells = line.split(separator);
    const x = Number(cells[0]);
    if (cells[0]!.trim() === '' || !Number.isFinite(x))
      throw fail(`line ${index + 1}, column 1: not a number`);
    for (let curve = 0; curve < xs.length; curve++) {
      const cell = cells[curve + 1];
      if (cell === undefined || cell.trim() === '') continue;
      const y = Number(cell);
      if (!Number.isFinite(y)) throw fail(`line ${index + 1}, column ${curve + 2}: not a number`);
      xs[curve]!.push(x);
      ys[curve]!.push(y);
      if (++points > GRAPH_MAX_POINTS) throw fail(`a graph has at most ${GRAPH_MAX_POINTS} points`);
    }
  }
  if (points === 0) throw fail('the graph has no points');
  const curves = names.slice(1).map((name, curve) => ({ name, x: xs[curve]!.take(), y: ys[curve]!.take() }));
  return { curves, pointCount: points };
}
