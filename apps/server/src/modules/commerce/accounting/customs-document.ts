import { eq } from 'drizzle-orm';
import { formatAddress, formatMinorUnits } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import { currencies, customsDeclarations, packages } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { pdfDocument, pdfTableRow, type PdfColumn } from '../../../lib/pdf-document.ts';
import type { MediaStorage } from '../../../lib/media-storage.ts';
import { storedDocumentLink } from '../../../lib/stored-document.ts';
import { customsDeclarationOf, customsRows } from './service.ts';

const REASONS: Record<string, string> = {
  'sent-for-calibration': 'Goods sent for calibration, to be returned (temporary export)',
  'returned-after-calibration': 'Goods returned after calibration (return of temporarily exported goods)',
};

/** A customs declaration as a PDF (docs/commerce.md "Accounting"), in English for the carrier and customs. */
async function customsPdf(db: Db, id: number): Promise<{ number: string; pdf: Buffer }> {
  const [row] = await customsRows(db).where(eq(customsDeclarations.id, id));
  if (!row) throw notFound(`No customs declaration ${id}`);
  const declaration = customsDeclarationOf(row);
  const [[parcel], [currency]] = await Promise.all([
    db
      .select({ from: packages.fromAddress, to: packages.toAddress })
      .from(packages)
      .where(eq(packages.id, row.declaration.packageId)),
    db.select().from(currencies).where(eq(currencies.code, declaration.currency)),
  ]);
  const money = (amount: number) =>
    `${formatMinorUnits(amount, currency?.minorUnits ?? 2)} ${declaration.currency}`;
  const sender = parcel ? formatAddress(parcel.from) : [];
  const recipient = parcel ? formatAddress(parcel.to) : [];
  const items = declaration.items.map((item) => [
    [item.description, item.serialNumber && `S/N ${item.serialNumber}`].filter(Boolean).join(' · '),
    item.tariffCode ?? '',
    item.originRegion ?? '',
    String(item.quantity),
    money(item.valueMinor),
  ]);
  const texts = [...sender, ...recipient, ...items.flat()];
  const pdf = await pdfDocument(`Customs declaration ${declaration.number}`, texts, (doc) => {
    doc.font('bold').fontSize(18).text(`Customs declaration ${declaration.number}`);
    doc
      .font('regular')
      .fontSize(10)
      .text(
        `${declaration.createdAt.slice(0, 10)} · order ${declaration.orderNumber} · tracking ${declaration.trackingNumber}`,
      );
    doc.text(
      `${declaration.fromRegion} to ${declaration.toRegion} · ${REASONS[declaration.reason] ?? declaration.reason}`,
    );
    doc.moveDown();
    const top = doc.y;
    doc.font('bold').text('Sender', 56, top);
    doc.font('regular').text(sender.join('\n'), 56, doc.y, { width: 230 });
    const senderBottom = doc.y;
    doc.font('bold').text('Recipient', 310, top);
    doc.font('regular').text(recipient.join('\n'), 310, doc.y, { width: 230 });
    doc.x = 56;
    doc.y = Math.max(senderBottom, doc.y);
    doc.moveDown();
    const columns: PdfColumn[] = [
      { x: 56, width: 230 },
      { x: 290, width: 70 },
      { x: 365, width: 40 },
      { x: 410, width: 30, align: 'right' },
      { x: 445, width: 95, align: 'right' },
    ];
    pdfTableRow(doc, columns, ['Contents', 'Tariff code', 'Origin', 'Qty', 'Value'], true);
    for (const item of items) pdfTableRow(doc, columns, item);
    pdfTableRow(doc, columns, ['Total value', '', '', '', money(declaration.totalMinor)], true);
    doc.moveDown();
    doc
      .font('regular')
      .fontSize(9)
      .text('No commercial transaction: the goods belong to the recipient of the return.', 56);
  });
  return { number: declaration.number, pdf };
}

/** A signed link to the declaration's PDF, written once into media storage (a declaration never changes). */
export async function customsDeclarationLink(db: Db, media: MediaStorage, id: number): Promise<string> {
  const [row] = await db
    .select({ number: customsDeclarations.number })
    .from(customsDeclarations)
    .where(eq(customsDeclarations.id, id));
  if (!row) throw notFound(`No customs declaration ${id}`);
  return storedDocumentLink(media, `customs/${row.number}.pdf`, async () => (await customsPdf(db, id)).pdf);
}
