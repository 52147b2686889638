import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { DEFAULT_PRINT_SETTINGS, inchesToPoints, pdfOptionsOf } from '@fleet/contract';
import type { Cell } from './writer.ts';
import { pdfFont } from './pdf-fonts.ts';
import { text, type RowWriter, type WriterOptions } from './writer.ts';

const FONT_SIZE = 7;
const ROW_HEIGHT = 11;
const PADDING = 2;
const PAPER = { Letter: 'LETTER', A4: 'A4' } as const;
/** Portrait width and height in points. */
const PAGE_POINTS = { Letter: [612, 792], A4: [595.28, 841.89] } as const;

/** Column widths in proportion to what they hold (header and first rows), each between bounds. */
function widthsOf(headers: string[], rows: string[][], total: number): number[] {
  const weights = headers.map((header, index) => {
    const longest = Math.max(header.length * 0.8, ...rows.map((row) => row[index]?.length ?? 0));
    return Math.min(24, Math.max(5, longest));
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => (weight / sum) * total);
}

/**
 * The report as a table on landscape pages of the format and margins asked for, the header repeated on
 * each page; each page goes to the file as soon as it is full (pdfkit streams its pages).
 */
export async function pdfWriter(options: WriterOptions): Promise<RowWriter> {
  const pdf = options.pdf ?? pdfOptionsOf(DEFAULT_PRINT_SETTINGS);
  const margins = {
    top: inchesToPoints(pdf.Margin.Top),
    right: inchesToPoints(pdf.Margin.Right),
    bottom: inchesToPoints(pdf.Margin.Bottom),
    left: inchesToPoints(pdf.Margin.Left),
  };
  const doc = new PDFDocument({
    size: PAPER[pdf.Format],
    layout: 'landscape',
    margins,
    autoFirstPage: false,
    info: { Title: options.title, Creator: 'Fleet Console' },
    lang: options.language,
  });
  const file = createWriteStream(options.file);
  doc.pipe(file);
  const font = pdfFont(options.language);
  doc.registerFont('regular', font.regular.src, font.regular.family);
  doc.registerFont('bold', font.bold.src, font.bold.family);

  const [short, long] = PAGE_POINTS[pdf.Format];
  const usable = long - margins.left - margins.right;
  const bottom = short - margins.bottom;
  let widths: number[] | null = null;
  let y = 0;
  let pages = 0;

  const line = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(FONT_SIZE);
    let x = margins.left;
    cells.forEach((cell, index) => {
      const width = widths![index]!;
      doc.text(cell, x + PADDING, y + PADDING, {
        width: width - 2 * PADDING,
        height: ROW_HEIGHT,
        lineBreak: false,
        ellipsis: true,
      });
      x += width;
    });
    y += ROW_HEIGHT;
    doc
      .moveTo(margins.left, y)
      .lineTo(margins.left + usable, y)
      .lineWidth(0.3)
      .strokeColor('#bbbbbb')
      .stroke();
  };

  const newPage = () => {
    const first = pages++ === 0;
    doc.addPage();
    y = margins.top;
    if (first) {
      doc.font('bold').fontSize(14).text(options.title, margins.left, y, { lineBreak: false });
      y += 20;
      doc.font('regular').fontSize(8).fillColor('#555555').text(options.subtitle, margins.left, y, {
        lineBreak: false,
      });
      doc.fillColor('#000000');
      y += 16;
    }
    line(options.headers, true);
  };

  /** The widths follow the first rows; the first page starts once they are known. */
  const start = (sample: string[][]) => {
    widths = widthsOf(options.headers, sample.slice(0, 200), usable);
    newPage();
  };

  return {
    async write(rows) {
      const texts = rows.map((row) => row.map((cell: Cell) => text(cell, options)));
      if (!widths) start(texts);
      for (const row of texts) {
        if (y + ROW_HEIGHT > bottom) newPage();
        line(row, false);
      }
    },
    async end() {
      if (!widths) start([]);
      doc.end();
      await finished(file);
    },
  };
}
