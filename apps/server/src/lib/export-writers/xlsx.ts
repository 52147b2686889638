import type { Cell } from './writer.ts';
import type { RowWriter, WriterOptions } from './writer.ts';
import { ZipWriter } from './zip.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Cell styles of styles.xml: 0 plain, 1 the bold header, 2 a date and time. */
const HEADER_STYLE = 1;
const DATE_STYLE = 2;
const DAY_MS = 86_400_000;
/** 1970-01-01 as a spreadsheet day number (the 1900 date system). */
const EPOCH_DAY = 25_569;

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string) =>
  title
    .replace(/[:\\/?*[\]]/g, ' ')
    .slice(0, 31)
    .trim() || 'Jobs';

/** Characters XML 1.0 cannot hold at all (device text may carry them) are dropped; markup is escaped. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are the characters to drop
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MARKUP = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const xmlText = (value: string) =>
  value.replace(NOT_XML, '').replace(MARKUP, (character) => ENTITIES[character]!);

/** A, B, … Z, AA, AB…: a column's letters. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function inlineString(reference: string, value: string, style = 0): string {
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  const styled = style ? ` s="${style}"` : '';
  return `<c r="${reference}"${styled} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

const STYLES = `${XML}<styleSheet xmlns="${MAIN}">
<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>
</Types>`;

const ROOT_RELATIONSHIPS = `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">
<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>
</Relationships>`;

const WORKBOOK_RELATIONSHIPS = `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">
<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>
</Relationships>`;

const workbookXml = (title: string) => `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">
<sheets><sheet name="${xmlText(sheetName(title))}" sheetId="1" r:id="rId1"/></sheets>
</workbook>`;

const coreXml = (
  title: string,
  language: string,
) => `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<dc:title>${xmlText(title)}</dc:title><dc:language>${xmlText(language)}</dc:language>
<dcterms:created xsi:type="dcterms:W3CDTF">${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}</dcterms:created>
</cp:coreProperties>`;

/**
 * SpreadsheetML written as it comes (ECMA-376): one sheet of inline strings (no shared-string table to
 * hold in memory), the header row bold and frozen, dates as spreadsheet dates at the user's wall-clock
 * time (a spreadsheet date has no time zone). The sheet is deflated into the zip a batch at a time.
 */
export async function xlsxWriter(options: WriterOptions): Promise<RowWriter> {
  const zip = new ZipWriter(options.file);
  const letters = options.headers.map((_, index) => columnLetters(index));
  let rowNumber = 1;
  try {
    await zip.add('[Content_Types].xml', CONTENT_TYPES);
    await zip.add('_rels/.rels', ROOT_RELATIONSHIPS);
    await zip.add('docProps/core.xml', coreXml(options.title, options.language));
    await zip.add('xl/workbook.xml', workbookXml(options.title));
    await zip.add('xl/_rels/workbook.xml.rels', WORKBOOK_RELATIONSHIPS);
    await zip.add('xl/styles.xml', STYLES);
  } catch (error) {
    zip.destroy();
    throw error;
  }
  const sheet = await zip.open('xl/worksheets/sheet1.xml');
  const widths = options.headers
    .map((header, index) => {
      const width = Math.min(40, Math.max(12, header.length + 2));
      return `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  const header = options.headers.map((text, index) => inlineString(`${letters[index]}1`, text, HEADER_STYLE));
  await sheet.write(
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<cols>${widths}</cols><sheetData><row r="1">${header.join('')}</row>`,
  );

  const cell = (value: Cell, index: number): string => {
    if (value === null) return '';
    const reference = `${letters[index]}${rowNumber}`;
    if (typeof value === 'number')
      return Number.isFinite(value) ? `<c r="${reference}"><v>${value}</v></c>` : '';
    if (typeof value === 'string') return value === '' ? '' : inlineString(reference, value);
    const day = (value.getTime() + options.zoneOffsetMinutes(value) * 60_000) / DAY_MS + EPOCH_DAY;
    return `<c r="${reference}" s="${DATE_STYLE}"><v>${day}</v></c>`;
  };
  return {
    async write(rows) {
      let chunk = '';
      for (const row of rows) {
        rowNumber += 1;
        chunk += `<row r="${rowNumber}">${row.map(cell).join('')}</row>`;
      }
      await sheet.write(chunk);
    },
    async end() {
      await sheet.write('</sheetData></worksheet>');
      await sheet.end();
      await zip.end();
    },
  };
}
