import { PRODUCT } from '../auth/provider/pages.ts';
import { ACCENT, INK, MUTED, openPdf, winAnsi } from './pdf.ts';
import { cardLabel, money, paidOn, statusLabel, type Receipt } from './receipts.ts';

/**
 * A transaction's receipt as a PDF (pdfkit, US Letter), in the certificate's type and colours:
 * the standard Helvetica only, so nothing is fetched or embedded.
 */

const RULE = '#d6d9e0';

export function renderReceiptPdf(receipt: Receipt, billingUrl: string): Promise<Buffer> {
  const { receiptNumber, createdAt } = receipt.transaction;
  const { doc, done, say } = openPdf({
    Title: `Receipt ${receiptNumber}`,
    Author: PRODUCT,
    Subject: `Receipt ${receiptNumber}`,
    CreationDate: createdAt,
    ModDate: createdAt,
  });

  const { transaction, customer } = receipt;
  say(PRODUCT, 'Helvetica-Bold', 11, ACCENT);
  doc.moveDown(1.2);
  say('Receipt', 'Helvetica-Bold', 26);
  doc.moveDown(0.2);
  say(`Receipt number ${receiptNumber}`, 'Helvetica', 12, MUTED);
  doc.moveDown(1.2);

  say(money(transaction.amountCents, transaction.currency), 'Helvetica-Bold', 22);
  say(`${statusLabel(transaction)} on ${paidOn(createdAt)}`, 'Helvetica', 12, MUTED);
  doc.moveDown(1.2);

  const row = (label: string, value: string) => [
    { text: label, type: 'TH' as const, font: { src: 'Helvetica-Bold', size: 10 } },
    { text: winAnsi(value), font: { src: 'Helvetica', size: 10 } },
  ];
  doc.fillColor(INK).table({
    columnStyles: [140, '*'],
    defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: [6, 4] },
    data: [
      row('Receipt number', receiptNumber),
      row('Date', paidOn(createdAt)),
      row('Billed to', customer.name ? `${customer.name} (${customer.email})` : customer.email),
      row('Description', transaction.description),
      row('Amount', money(transaction.amountCents, transaction.currency)),
      row('Status', statusLabel(transaction)),
      row('Payment method', cardLabel(transaction.card)),
    ],
  });

  doc.x = 60;
  doc.moveDown(2);
  say('Your payment history and your card are on your billing page:', 'Helvetica', 10, MUTED);
  say(billingUrl, 'Helvetica', 10, ACCENT, { link: billingUrl, underline: true });
  doc.moveDown(0.8);
  say(`Keep this receipt for your records. ${PRODUCT} never sends or stores your full card number.`, 'Helvetica', 9, MUTED);
  doc.end();
  return done;
}
