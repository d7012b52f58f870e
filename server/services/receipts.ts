import { PRODUCT } from '../auth/provider/pages.ts';
import type { TransactionWithCard } from '../repositories/billing.ts';
import type { Mail } from './mailer.ts';

/** What a receipt shows: the transaction, with its card, and who paid. */
export type Receipt = { transaction: TransactionWithCard & { receiptNumber: string }; customer: { name: string; email: string } };
export type CardSummary = { brand: string; last4: string } | null;

/**
 * The receipt number of a transaction: EL-<year it was made, UTC>-<serial, at least 6 digits>.
 * The serial comes from a database sequence, so a number is never given twice and never changes.
 */
export const receiptNumber = (serial: number, createdAt: Date) => `EL-${createdAt.getUTCFullYear()}-${String(serial).padStart(6, '0')}`;

/** "$149.00 USD": the symbol people read, and the code that says which dollars. */
export const money = (cents: number, currency: string) =>
  `${new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(cents / 100)} ${currency}`;

/** Dates on receipts and e-mails are UTC days, the same in the PDF and in every mailbox. */
export const paidOn = (at: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
const dayAndTime = (at: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at) + ' UTC';

export const cardLabel = (card: CardSummary) => (card ? `${card.brand} •••• ${card.last4}` : 'Not recorded');

export function statusLabel(t: Pick<TransactionWithCard, 'type' | 'status'>) {
  if (t.status === 'DECLINED') return 'Declined (not charged)';
  if (t.type === 'VERIFICATION') return 'Card verified (no charge)';
  if (t.type === 'REFUND') return 'Refunded';
  return 'Paid';
}

const greeting = (name: string) => `Hello${name ? ` ${name}` : ''},`;

/** After a successful charge: the facts of the receipt, and the receipt itself attached. */
export function receiptMail(receipt: Receipt, pdf: Buffer, billingUrl: string): Mail {
  const { transaction: t, customer } = receipt;
  return {
    to: customer.email,
    subject: `Your receipt from ${PRODUCT}`,
    text: [
      greeting(customer.name),
      '',
      `Thank you for your payment. Your receipt ${t.receiptNumber} is attached.`,
      '',
      `Amount: ${money(t.amountCents, t.currency)}`,
      `Date: ${paidOn(t.createdAt)}`,
      `Description: ${t.description}`,
      `Card: ${cardLabel(t.card)}`,
      `Receipt number: ${t.receiptNumber}`,
      '',
      `Your payment history and receipts: ${billingUrl}`,
      '',
    ].join('\n'),
    attachments: [{ filename: `receipt-${t.receiptNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

type TrialFacts = { customer: { name: string; email: string }; trialEndsAt: Date; amountCents: number; currency: string; card: CardSummary; billingUrl: string };

/** After a $0 verification: the trial has started, when it ends and what happens then. */
export function trialStartedMail({ customer, trialEndsAt, amountCents, currency, card, billingUrl }: TrialFacts): Mail {
  return {
    to: customer.email,
    subject: `Your free trial of ${PRODUCT} has started`,
    text: [
      greeting(customer.name),
      '',
      `Welcome to ${PRODUCT}. Your free trial runs until ${dayAndTime(trialEndsAt)}.`,
      '',
      `We verified your card (${cardLabel(card)}) without charging it. When the trial ends we will charge ${money(amountCents, currency)} to it for a year of access, unless you cancel before then.`,
      "We will remind you three days before your trial ends.",
      '',
      `To cancel, or to change your card: ${billingUrl}`,
      '',
    ].join('\n'),
  };
}

/** Three days before a trial ends: the date, the card that will be charged and how much, how to cancel. */
export function trialReminderMail({ customer, trialEndsAt, amountCents, currency, card, billingUrl }: TrialFacts): Mail {
  return {
    to: customer.email,
    subject: `Your free trial of ${PRODUCT} ends on ${paidOn(trialEndsAt)}`,
    text: [
      greeting(customer.name),
      '',
      `Your free trial ends on ${dayAndTime(trialEndsAt)}.`,
      '',
      `Then we will charge ${money(amountCents, currency)} to your ${cardLabel(card)} for a year of access.`,
      '',
      `Nothing to do if you want to keep learning. To cancel before you are charged, or to change your card, go to ${billingUrl}`,
      '',
    ].join('\n'),
  };
}
