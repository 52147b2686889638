import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Zip archives and spreadsheets made for tests, hostile ones among them: content given as parts, a part
 * repeated many times (so a file that unpacks to gigabytes is made from a few kilobytes of memory).
 */
export type Part = string | Buffer | { repeat: string; times: number };
export interface ZipInput {
  name: string;
  parts: Part[];
  /** 0: stored as it is; 8 (default): deflated. */
  method?: 0 | 8;
}

const BLOCK = 1 << 20;
/** Content larger than this keeps a wrong checksum: counting it would take seconds, and no bound lets it be read. */
const CHECKED_UP_TO = 256 * 1024 * 1024;

/** A part as blocks of at most BLOCK bytes, and how many times each comes. */
function blocksOf(part: Part): { block: Buffer; times: number }[] {
  if (typeof part === 'string' || Buffer.isBuffer(part)) return [{ block: Buffer.from(part), times: 1 }];
  const perBlock = Math.max(1, Math.floor(BLOCK / part.repeat.length));
  const whole = Math.floor(part.times / perBlock);
  const rest = part.times % perBlock;
  return [
    { block: Buffer.from(part.repeat.repeat(perBlock)), times: whole },
    { block: Buffer.from(part.repeat.repeat(rest)), times: rest ? 1 : 0 },
  ].filter((run) => run.times > 0);
}

/**
 * The parts deflated as independent blocks (each ends with a full flush), a repeated block deflated once
 * and repeated: a bomb of gigabytes is made in milliseconds.
 */
function packed(input: ZipInput): { data: Buffer; crc: number; size: number } {
  const runs = input.parts.flatMap(blocksOf);
  const size = runs.reduce((sum, run) => sum + run.block.length * run.times, 0);
  let crc = 0;
  if (size <= CHECKED_UP_TO)
    for (const run of runs) for (let index = 0; index < run.times; index++) crc = crc32(run.block, crc);
  if (input.method === 0)
    return {
      data: Buffer.concat(runs.flatMap((run) => Array<Buffer>(run.times).fill(run.block))),
      crc,
      size,
    };
  const deflated = runs.flatMap((run) => {
    const block = deflateRawSync(run.block, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
    return Array<Buffer>(run.times).fill(block);
  });
  // An empty final block ends the stream.
  return { data: Buffer.concat([...deflated, Buffer.from([0x03, 0x00])]), crc: crc >>> 0, size };
}

/** A zip archive of the inputs; sizes above 4 GB are written as 0xFFFFFFFF, as a lying header would. */
export async function zipOf(inputs: ZipInput[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const input of inputs) {
    const { data, crc, size } = packed(input);
    const name = Buffer.from(input.name);
    const method = input.method ?? 8;
    const stated = Math.min(size, 0xffffffff);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(stated, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0800, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(stated, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(record, name);
    offset += local.length + name.length + data.length;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(inputs.length, 8);
  end.writeUInt16LE(inputs.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';
const STRINGS_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

/** An XLSX workbook of one sheet, its rows and shared strings given as parts of their XML. */
export function xlsxOf(sheetRows: Part[], sharedStrings: Part[] = []): Promise<Buffer> {
  return zipOf([
    { name: '[Content_Types].xml', parts: [CONTENT_TYPES] },
    { name: '_rels/.rels', parts: [ROOT_RELS] },
    { name: 'xl/workbook.xml', parts: [WORKBOOK] },
    { name: 'xl/_rels/workbook.xml.rels', parts: [WORKBOOK_RELS] },
    { name: 'xl/worksheets/sheet1.xml', parts: [SHEET_START, ...sheetRows, SHEET_END] },
    { name: 'xl/sharedStrings.xml', parts: [STRINGS_START, ...sharedStrings, '</sst>'] },
  ]);
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The letters of a column: A for 0, AA for 26. */
export const columnName = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

/** A row of inline strings, from column A. */
export function rowXml(row: number, texts: string[]): string {
  return `<row r="${row}">${texts.map((text, index) => cell(`${columnName(index)}${row}`, text)).join('')}</row>`;
}

/** The hostile files of the issue: each unpacks past a bound, or names a file outside the archive. */
export async function hostileFiles(header: string[]): Promise<Record<string, Buffer>> {
  const headerRow = rowXml(1, header);
  return {
    // 2 GB of shared strings from a few megabytes.
    'shared strings': await xlsxOf(
      [headerRow],
      [{ repeat: `<si><t>${'x'.repeat(1000)}</t></si>`, times: 2_000_000 }],
    ),
    // A million rows: far more than an import takes, and far more than the bound unpacks.
    'many rows': await xlsxOf([headerRow, { repeat: `<row>${cell('A2', 'S1')}</row>`, times: 1_000_000 }]),
    // One row of 100 MB of cells.
    'one huge row': await xlsxOf([
      headerRow,
      '<row r="2">',
      { repeat: cell('A2', 'y'.repeat(5000)), times: 20_000 },
      '</row>',
    ]),
    'zip of a zip': await zipOf([
      {
        name: 'inner.xlsx',
        parts: [await xlsxOf([headerRow], [{ repeat: '<si><t>z</t></si>', times: 10_000_000 }])],
        method: 0,
      },
    ]),
    'a name outside the archive': await zipOf([
      { name: '../../etc/cron.d/evil', parts: ['* * * * * root true\n'] },
      { name: '[Content_Types].xml', parts: [CONTENT_TYPES] },
    ]),
  };
}
