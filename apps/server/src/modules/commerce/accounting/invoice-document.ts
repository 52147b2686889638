import { eq } from 'drizzle-orm';
import { formatAddress, formatMinorUnits, type Order } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import { companies, currencies } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { pdfDocument, pdfTableRow, type PdfColumn } from '../../../lib/pdf-document.ts';
import type { MediaStorage } from '../../../lib/media-storage.ts';
import { storedDocumentLink } from '../../../lib/stored-document.ts';

/**
 * An order's invoice as PDF, written from what the invoice froze (its lines and billing address do not
 * change once it is issued), in English, the language of the maker's accounts.
 */
export async function invoicePdf(db: Db, order: Order): Promise<{ fileName: string; pdf: Buffer }> {
  const invoice = order.invoice;
  if (!invoice) throw notFound(`Order ${order.number} has no invoice yet`);
  const [[seller], [currency]] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.kind, 'maker')).limit(1),
    db.select().from(currencies).where(eq(currencies.code, order.currency)),
  ]);
  const money = (amount: number) =>
    `${formatMinorUnits(amount, currency?.minorUnits ?? 2)} ${order.currency}`;
  const billTo = formatAddress(order.billingAddress);
  const rows = order.lines.map((line) => ({
    text: [line.description, line.serialNumber].filter(Boolean).join(' · '),
    quantity: String(line.quantity),
    unit: money(line.unitAmountMinor),
    amount: money(line.amountMinor),
  }));
  const terms =
    order.paymentMethodType === 'card'
      ? `Paid by card${order.payment?.confirmedAt ? ` on ${order.payment.confirmedAt.slice(0, 10)}` : ''}.`
      : `Payable within 30 days by bank transfer, quoting ${invoice.number}.`;
  const texts = [...billTo, ...rows.map((row) => row.text), order.company.name];
  const pdf = await pdfDocument(`Invoice ${invoice.number}`, texts, (doc) => {
    doc.font('bold').fontSize(18).text(`Invoice ${invoice.number}`);
    doc
      .font('regular')
      .fontSize(10)
      .text(`${seller?.name ?? 'Fleet Instruments'} · issued ${invoice.issuedAt.slice(0, 10)}`);
    doc.text(
      `Order ${order.number}${order.quote.purchaseOrder ? ` · your reference ${order.quote.purchaseOrder}` : ''}`,
    );
    doc.moveDown();
    doc.font('bold').text('Bill to');
    doc.font('regular').text(billTo.join('\n'));
    doc.moveDown();
    const columns: PdfColumn[] = [
      { x: 56, width: 260 },
      { x: 320, width: 40, align: 'right' },
      { x: 365, width: 85, align: 'right' },
      { x: 455, width: 85, align: 'right' },
    ];
    const row = (cells: string[], bold = false) => pdfTableRow(doc, columns, cells, bold);
    row(['Description', 'Qty', 'Unit price', 'Amount'], true);
    for (const line of rows) row([line.text, line.quantity, line.unit, line.amount]);
    row(['Total', '', '', money(order.totalMinor)], true);
    doc.moveDown();
    doc.font('regular').fontSize(9).text('Prices exclude taxes.', 56);
    doc.text(terms, 56);
  });
  return { fileName: `${invoice.number}.pdf`, pdf };
}

/** A signed link to the invoice's PDF, written once into media storage (an invoice never changes). */
export async function invoiceLink(db: Db, media: MediaStorage, order: Order): Promise<string> {
  if (!order.invoice) throw notFound(`Order ${order.number} has no invoice yet`);
  return storedDocumentLink(
    media,
    `invoices/${order.invoice.number}.pdf`,
    async () => (await invoicePdf(db, order)).pdf,
  );
}
