import PDFDocument from 'pdfkit';
import { pdfFont } from './export-writers/pdf-fonts.ts';

/** Text PDF's standard fonts write (WinAnsi): they need no embedding, which makes a document 10 times faster. */
const WIN_ANSI = /^[\t\n\r\x20-\x7E\xA0-\xFF]*$/;

/**
 * An A4 document written by `draw` with two fonts registered as `regular` and `bold`: PDF's standard
 * Helvetica when every text of the document (`texts`) fits WinAnsi, else a system font that writes it.
 */
export async function pdfDocument(
  title: string,
  texts: readonly string[],
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (texts.every((text) => WIN_ANSI.test(text))) {
    doc.registerFont('regular', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  } else {
    const font = pdfFont(texts.some((text) => /[\u3000-\u9fff]/.test(text)) ? 'zh-CN' : 'en');
    doc.registerFont('regular', font.regular.src, font.regular.family);
    doc.registerFont('bold', font.bold.src, font.bold.family);
  }
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export interface PdfColumn {
  x: number;
  width: number;
  align?: 'left' | 'right';
}

/** Writes one row of a table at the current line, each cell in its column, and moves below the tallest. */
export function pdfTableRow(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  cells: readonly string[],
  bold = false,
): void {
  const y = doc.y;
  doc.font(bold ? 'bold' : 'regular');
  let bottom = y;
  cells.forEach((cell, index) => {
    const column = columns[index]!;
    doc.text(cell, column.x, y, { width: column.width, align: column.align ?? 'left' });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = columns[0]?.x ?? 56;
  doc.y = bottom + 4;
}
