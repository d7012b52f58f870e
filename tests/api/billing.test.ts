import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRepositories } from '../../server/repositories/repositories.ts';
import { createBillingService } from '../../server/services/billing.ts';
import { createSandboxGateway } from '../../server/services/payment-gateway.ts';
import { createTestApp, ORIGIN, type TestApp } from '../support/app.ts';
import { validateResponse } from '../support/contract.ts';
import { outboxMessages } from '../support/outbox.ts';
import { pdfText } from '../support/pdf.ts';

/**
 * Billing and payment: the sandbox gateway's card form endpoint, registration with
 * the tokens it answers, receipts (PDF and e-mail), the trial-ending reminder, card data kept out
 * of logs and tables, and a lapsed subscriber who gets everything back on reactivation.
 */

const DAY_MS = 86_400_000;
const TOKENIZE = '/sandbox-gateway/v1/tokens';
const LAPSED_SUBSCRIBER = 'lapsed.subscriber@example.org';

type Customer = { token: string; id: string; email: string };
type Transaction = {
  id: string;
  subscriptionId: string | null;
  type: string;
  status: string;
  amount: number;
  currency: string;
  description: string;
  receiptNumber: string;
  card: { brand: string; last4: string } | null;
  createdAt: string;
};

let t: TestApp;

/** A user with no subscription, created by their first provider-signed call. */
async function newCustomer(prefix: string, name?: { given: string; family: string }): Promise<Customer> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
  const token = await t.provider.sign({ sub: `auth0|${randomUUID()}`, email, email_verified: true, ...(name && { given_name: name.given, family_name: name.family }) });
  const res = await t.request(token, { method: 'GET', url: '/api/identity/me' });
  expect(res.statusCode, res.body).toBe(200);
  return { token, id: res.json().id, email };
}

/** Gives a customer a subscription that ended a month ago, so their next one is charged at once. */
async function pastSubscription(userId: string) {
  await t.query(sql`insert into subscriptions (user_id, current_period_end, cancel_at_period_end, amount_cents, currency, created_at)
                    values (${userId}::uuid, ${new Date(Date.now() - 30 * DAY_MS)}, true, 14900, 'USD', ${new Date(Date.now() - 400 * DAY_MS)})`);
}

const nextYear = new Date().getUTCFullYear() + 2;
const card = (number: string, extra: Record<string, unknown> = {}) => ({ number, expMonth: 8, expYear: nextYear, cvc: '123', postalCode: '97201', name: 'Ada Lovelace', ...extra });
const expSuffix = `_exp08${String(nextYear % 100).padStart(2, '0')}`;

async function clientTokenOf(token: string) {
  const res = await t.request(token, { method: 'GET', url: '/api/customers/payment-gateway-tokens' });
  expect(res.statusCode, res.body).toBe(200);
  expect(validateResponse('getPaymentGatewayToken', 200, res.headers['content-type'] as string, res.json())).toEqual([]);
  return res.json<{ clientToken: string; tokenizeUrl: string }>();
}

function tokenize(clientToken: string | null, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: TOKENIZE,
    headers: { ...(clientToken !== null && { authorization: `Bearer ${clientToken}` }), 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The customer's card as a payment-method token, through the card form endpoint. */
async function tokenFor(customer: Customer, number: string, extra: Record<string, unknown> = {}) {
  const { clientToken } = await clientTokenOf(customer.token);
  const res = await tokenize(clientToken, card(number, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ token: string }>().token;
}

function register(token: string, body: Record<string, unknown>, key = `key_${randomUUID()}`) {
  return t.request(token, { method: 'POST', url: '/api/customers/registration', headers: { 'idempotency-key': key }, payload: body });
}

function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json(), res.body).toEqual({ error: { code, message: message ?? expect.any(String) } });
}

async function rowCounts(userId: string) {
  const [row] = await t.query<{ subscriptions: number; paymentMethods: number; transactions: number }>(sql`
    select (select count(*)::int from subscriptions where user_id = ${userId}::uuid) as subscriptions,
           (select count(*)::int from payment_methods where user_id = ${userId}::uuid) as "paymentMethods",
           (select count(*)::int from transactions where user_id = ${userId}::uuid) as transactions`);
  return row!;
}

async function transactionsOf(token: string) {
  const res = await t.request(token, { method: 'GET', url: '/api/customers/current/transactions' });
  expect(res.statusCode, res.body).toBe(200);
  expect(validateResponse('listTransactions', 200, res.headers['content-type'] as string, res.json())).toEqual([]);
  return res.json<{ data: Transaction[] }>().data;
}

const receiptOf = (token: string, id: string) => t.request(token, { method: 'GET', url: `/api/customers/current/transactions/${id}/receipt` });
const mailsTo = (email: string, subject: RegExp) => outboxMessages(t.outboxDir, email).filter((m) => subject.test(m.subject));
/** How the receipt writes an amount: "$149.00 USD". */
const dollars = (amount: number) => `$${amount.toFixed(2)} USD`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// ───────────────────────────── the card form endpoint ─────────────────────────────

describe('the sandbox gateway tokenizes test cards', () => {
  it('answers each documented test number with its token, carrying the typed expiry', async () => {
    const customer = await newCustomer('tokens');
    const setup = await clientTokenOf(customer.token);
    expect(setup).toMatchObject({ tokenizeUrl: TOKENIZE, clientToken: expect.stringMatching(/^sandbox_ct_/) });
    for (const [number, token, brand, cvc] of [
      ['4242424242424242', 'tok_visa', 'Visa', '123'],
      ['5555555555554444', 'tok_mastercard', 'Mastercard', '123'],
      ['378282246310005', 'tok_amex', 'American Express', '1234'],
      ['4000000000000002', 'tok_declined', 'Visa', '123'],
      ['4000000000000069', 'tok_expired', 'Visa', '123'],
      ['4000000000009995', 'tok_insufficient_funds', 'Visa', '123'],
    ] as const) {
      const res = await tokenize(setup.clientToken, card(number, { cvc }));
      expect(res.statusCode, `${number}: ${res.body}`).toBe(201);
      expect(res.json()).toEqual({ token: `${token}${expSuffix}`, card: { brand, last4: number.slice(-4), expMonth: 8, expYear: nextYear } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Spaces in the number, and the expiry as digits in strings, are read as a card form sends them.
    const spaced = await tokenize(setup.clientToken, card('4242 4242 4242 4242', { expMonth: '03', expYear: String(nextYear) }));
    expect(spaced.statusCode, spaced.body).toBe(201);
    expect(spaced.json().token).toBe(`tok_visa_exp03${String(nextYear % 100).padStart(2, '0')}`);
  });

  it('refuses bad card details with 400 and a code naming the field, never 5xx', async () => {
    const customer = await newCustomer('bad-card');
    const { clientToken } = await clientTokenOf(customer.token);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const thisMonth = { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() };
    const cases: [unknown, string, string?][] = [
      [card('4242424242424241'), 'CARD_NUMBER_INVALID', 'Your card number is invalid'],
      [card('4242'), 'CARD_NUMBER_INVALID'],
      [card('abcd abcd abcd abcd'), 'CARD_NUMBER_INVALID'],
      [{ ...card('4242424242424242'), number: 4242424242424242 }, 'CARD_NUMBER_INVALID'],
      [card('4242424242424242', { expMonth: 1, expYear: 2020 }), 'CARD_EXPIRY_INVALID', "Your card's expiration date is in the past"],
      [card('4242424242424242', { expMonth: lastMonth.getUTCMonth() + 1, expYear: lastMonth.getUTCFullYear() }), 'CARD_EXPIRY_INVALID', "Your card's expiration date is in the past"],
      [card('4242424242424242', { expMonth: 13 }), 'CARD_EXPIRY_INVALID'],
      [card('4242424242424242', { expMonth: 0 }), 'CARD_EXPIRY_INVALID'],
      [card('4242424242424242', { expYear: 29 }), 'CARD_EXPIRY_INVALID'],
      [card('4242424242424242', { expMonth: 'Aug' }), 'CARD_EXPIRY_INVALID'],
      [card('4242424242424242', { cvc: '12' }), 'CVC_INVALID', "Your card's security code is invalid"],
      [card('4242424242424242', { cvc: '1234' }), 'CVC_INVALID'],
      [card('378282246310005', { cvc: '123' }), 'CVC_INVALID'],
      [card('4242424242424242', { cvc: 'abc' }), 'CVC_INVALID'],
      [card('4242424242424242', { postalCode: '   ' }), 'POSTAL_CODE_INVALID'],
      [card('4242424242424242', { name: '' }), 'CARDHOLDER_NAME_INVALID'],
      [card('4111111111111111'), 'CARD_NUMBER_UNKNOWN', 'This is the sandbox: use a test card such as 4242 4242 4242 4242'],
      [{}, 'CARD_NUMBER_INVALID'],
      [[], 'CARD_NUMBER_INVALID'],
      ['null', 'CARD_NUMBER_INVALID'],
      ['{"number": "4242', 'BAD_REQUEST'],
      ['', 'BAD_REQUEST'],
    ];
    for (const [body, code, message] of cases) {
      const res = await tokenize(clientToken, body);
      expectError(res, 400, code, message);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A card that expires this month is still good.
    expect((await tokenize(clientToken, card('4242424242424242', thisMonth))).statusCode).toBe(201);
    // Only JSON is read.
    const form = await tokenize(clientToken, 'number=4242424242424242', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
  });

  it('refuses a missing, malformed or forged client token with 401', async () => {
    const customer = await newCustomer('client-token');
    const { clientToken } = await clientTokenOf(customer.token);
    const forged = `${clientToken.slice(0, -1)}${clientToken.endsWith('A') ? 'B' : 'A'}`;
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: `Basic ${clientToken}` }, { authorization: 'Bearer sandbox_ct_abc' }, { authorization: `Bearer ${forged}` }, { authorization: `Bearer ${customer.token}` }]) {
      const res = await t.app.inject({ method: 'POST', url: TOKENIZE, headers: { 'content-type': 'application/json', ...headers }, payload: card('4242424242424242') });
      expectError(res, 401, 'CLIENT_TOKEN_INVALID');
    }
    // Checked before the body is read: a broken body without a token is still 401.
    expectError(await tokenize(null, '{"broken'), 401, 'CLIENT_TOKEN_INVALID');
  });

  it('limits one customer to 25 card attempts an hour', async () => {
    const customer = await newCustomer('card-testing');
    const { clientToken } = await clientTokenOf(customer.token);
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) statuses.push((await tokenize(clientToken, card('4111111111111111'))).statusCode);
    expect(statuses.slice(0, 25).every((s) => s === 400)).toBe(true);
    expectError(await tokenize(clientToken, card('4242424242424242')), 429, 'RATE_LIMITED');
    // Another customer is not affected.
    const other = await newCustomer('card-testing-other');
    expect((await tokenize((await clientTokenOf(other.token)).clientToken, card('4242424242424242'))).statusCode).toBe(201);
  });

  it("lets the app post to it under the app's content security policy (same origin)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(TOKENIZE.startsWith('/')).toBe(true);
  });
});

// ───────────────────────────── registration ─────────────────────────────

describe('registration with a tokenized card', () => {
  it('starts a trial with a $0 verification carrying the card, stored with the typed expiry, and says so by e-mail', async () => {
    const customer = await newCustomer('trial-card', { given: 'Tess', family: 'Trial' });
    const token = await tokenFor(customer, '4242 4242 4242 4242', { expMonth: 11, expYear: nextYear + 1 });
    expect(token).toBe(`tok_visa_exp11${String((nextYear + 1) % 100).padStart(2, '0')}`);
    const res = await register(customer.token, { paymentMethodToken: token, billingName: 'Tess Trial', postalCode: '97201' });
    expect(res.statusCode, res.body).toBe(201);
    expect(validateResponse('register', 201, res.headers['content-type'] as string, res.json())).toEqual([]);
    const { subscription, transaction } = res.json();
    expect(subscription).toMatchObject({ status: 'TRIALING', isTrialActive: true });
    expect(transaction).toMatchObject({ type: 'VERIFICATION', status: 'SUCCEEDED', amount: 0, card: { brand: 'Visa', last4: '4242' }, receiptNumber: expect.stringMatching(/^EL-\d{4}-\d{6,}$/) });
    expect(transaction.receiptNumber.slice(3, 7)).toBe(String(new Date(transaction.createdAt).getUTCFullYear()));

    const [stored] = await t.query<{ brand: string; last4: string; expMonth: number; expYear: number; onTransaction: string }>(sql`
      select pm.brand, pm.last4, pm.exp_month as "expMonth", pm.exp_year as "expYear", tr.payment_method_id::text as "onTransaction"
      from payment_methods pm join transactions tr on tr.payment_method_id = pm.id where pm.user_id = ${customer.id}::uuid`);
    expect(stored).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 11, expYear: nextYear + 1 });
    const shown = await t.request(customer.token, { method: 'GET', url: `/api/customers/current/subscriptions/${subscription.id}/payment-method` });
    expect(shown.json()).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 11, expYear: nextYear + 1 });

    await t.app.billing.drain();
    const [welcome] = mailsTo(customer.email, /free trial .* has started/);
    expect(welcome, 'welcome e-mail').toBeDefined();
    const trialEnd = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(subscription.trialEndsAt));
    expect(welcome!.text).toContain(trialEnd);
    expect(welcome!.text).toContain('Visa •••• 4242');
    expect(welcome!.text).toContain('$149.00 USD');
    expect(welcome!.text).toContain(`${ORIGIN}/billing`);
    expect(mailsTo(customer.email, /receipt/i)).toEqual([]);
  });

  it("answers 402 with the gateway's message to a declined card, and creates nothing", async () => {
    const customer = await newCustomer('declined-card');
    const token = await tokenFor(customer, '4000000000000002');
    expectError(await register(customer.token, { paymentMethodToken: token }), 402, 'CARD_DECLINED', 'Your card was declined');
    expect(await rowCounts(customer.id)).toEqual({ subscriptions: 0, paymentMethods: 0, transactions: 0 });
    expectError(await register(customer.token, { paymentMethodToken: await tokenFor(customer, '4000000000000069') }), 402, 'CARD_EXPIRED', 'Your card has expired');
    expect(await rowCounts(customer.id)).toEqual({ subscriptions: 0, paymentMethods: 0, transactions: 0 });
    // A token whose expiry has passed since it was made is refused like an expired card.
    expectError(await register(customer.token, { paymentMethodToken: 'tok_visa_exp0120' }), 402, 'CARD_EXPIRED');
    expect(await rowCounts(customer.id)).toEqual({ subscriptions: 0, paymentMethods: 0, transactions: 0 });
  });

  it('charges a returning customer at once and e-mails the receipt with the PDF attached', async () => {
    const customer = await newCustomer('returning', { given: 'Rhea', family: 'Turner' });
    await pastSubscription(customer.id);
    const key = `key_${randomUUID()}`;
    const body = { paymentMethodToken: await tokenFor(customer, '5555555555554444') };
    const res = await register(customer.token, body, key);
    expect(res.statusCode, res.body).toBe(201);
    const transaction: Transaction = res.json().transaction;
    expect(transaction).toMatchObject({ type: 'CHARGE', status: 'SUCCEEDED', amount: 149, card: { brand: 'Mastercard', last4: '4444' } });

    await vi.waitFor(() => expect(mailsTo(customer.email, /receipt/i)).toHaveLength(1), { timeout: 10_000 });
    const [mail] = mailsTo(customer.email, /receipt/i);
    expect(mail!.subject).toBe('Your receipt from Educator Learning Platform');
    for (const fact of [dollars(transaction.amount), transaction.receiptNumber, 'Mastercard •••• 4444', 'Annual subscription']) expect(mail!.text).toContain(fact);
    expect(mail!.attachments).toHaveLength(1);
    const [pdf] = mail!.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: `receipt-${transaction.receiptNumber}.pdf` });
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf!.content)).toContain(dollars(transaction.amount));
    // A replay of the same registration sends nothing more.
    expect((await register(customer.token, body, key)).json()).toEqual(res.json());
    await t.app.billing.drain();
    expect(mailsTo(customer.email, /receipt/i)).toHaveLength(1);
  });
});

// ───────────────────────────── receipts ─────────────────────────────

describe('receipts', () => {
  let owner: Customer;
  let charge: Transaction;
  let verification: Transaction;

  beforeAll(async () => {
    owner = await newCustomer('receipts', { given: 'Rosa', family: 'Receipt' });
    const first = await register(owner.token, { paymentMethodToken: await tokenFor(owner, '378282246310005', { cvc: '1234' }) });
    expect(first.statusCode, first.body).toBe(201);
    verification = first.json().transaction;
    // The trial ends: the card on file is charged for a year when subscriptions are next read.
    const ended = new Date(Date.now() - 60_000);
    await t.query(sql`update subscriptions set trial_ends_at = ${ended}, current_period_end = ${ended} where user_id = ${owner.id}::uuid`);
    expect((await t.request(owner.token, { method: 'GET', url: '/api/customers/current/subscriptions' })).statusCode).toBe(200);
    [charge] = (await transactionsOf(owner.token)).filter((x) => x.type === 'CHARGE') as [Transaction];
    expect(charge).toMatchObject({ status: 'SUCCEEDED', card: { brand: 'American Express', last4: '0005' } });
  });

  it("gives the owner a PDF whose amount, number and card are the transaction's", async () => {
    const res = await receiptOf(owner.token, charge.id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(validateResponse('getReceipt', 200, res.headers['content-type'] as string, res.body)).toEqual([]);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${charge.receiptNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = pdfText(res.rawPayload);
    const [stored] = await t.query<{ cents: number }>(sql`select amount_cents as cents from transactions where id = ${charge.id}::uuid`);
    expect(stored!.cents).toBe(charge.amount * 100);
    for (const fact of [
      'Educator Learning Platform',
      'Receipt',
      charge.receiptNumber,
      dollars(stored!.cents / 100),
      'Paid',
      'Annual subscription renewal',
      'American Express \x95\x95\x95\x95 0005',
      'Rosa Receipt',
      owner.email,
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(charge.createdAt)),
    ])
      expect(text, fact).toContain(fact);
    expect(text).not.toContain('$0.00');

    const zero = pdfText((await receiptOf(owner.token, verification.id)).rawPayload);
    expect(zero).toContain(dollars(0));
    expect(zero).toContain('Card verified (no charge)');
    expect(zero).not.toContain(dollars(149));
  });

  it('numbers receipts uniquely and keeps each number', async () => {
    const list = await transactionsOf(owner.token);
    const numbers = list.map((x) => x.receiptNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toContain(charge.receiptNumber);
    expect((await transactionsOf(owner.token)).map((x) => x.receiptNumber)).toEqual(numbers);
    const [all] = await t.query<{ n: number; distinct: number }>(sql`select count(*)::int as n, count(distinct receipt_serial)::int as distinct from transactions`);
    expect(all!.distinct).toBe(all!.n);
  });

  it("answers 404 for another user's transaction exactly as for an unknown one", async () => {
    const stranger = await newCustomer('stranger');
    const theirs = await receiptOf(stranger.token, charge.id);
    const unknown = await receiptOf(stranger.token, randomUUID());
    expectError(theirs, 404, 'TRANSACTION_NOT_FOUND');
    expect(theirs.body).toBe(unknown.body);
    // The seeded subscriber's transactions are theirs alone too.
    const [seeded] = await t.query<{ id: string }>(sql`select t.id::text as id from transactions t join users u on u.id = t.user_id where u.email = 'subscriber@example.org' limit 1`);
    expectError(await receiptOf(owner.token, seeded!.id), 404, 'TRANSACTION_NOT_FOUND');
  });
});

// ───────────────────────────── changing the card ─────────────────────────────

describe('changing the card', () => {
  it('keeps the card on file when the new one is declined', async () => {
    const customer = await newCustomer('change-card');
    const res = await register(customer.token, { paymentMethodToken: await tokenFor(customer, '4242424242424242') });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().subscription.id;
    const url = `/api/customers/current/subscriptions/${id}/payment-method`;
    const before = await t.request(customer.token, { method: 'GET', url });
    const counts = await rowCounts(customer.id);

    const declined = await t.request(customer.token, { method: 'PUT', url, payload: { paymentMethodToken: await tokenFor(customer, '4000000000000002') } });
    expectError(declined, 402, 'CARD_DECLINED', 'Your card was declined');
    expectError(await t.request(customer.token, { method: 'PUT', url, payload: { paymentMethodToken: 'tok_declined' } }), 402, 'CARD_DECLINED');

    const after = await t.request(customer.token, { method: 'GET', url });
    expect(after.json()).toEqual(before.json());
    expect(await rowCounts(customer.id)).toEqual(counts);
    const [sub] = await t.query<{ pm: string }>(sql`select payment_method_id::text as pm from subscriptions where id = ${id}::uuid`);
    expect(sub!.pm).toBe(before.json().id);
  });
});

// ───────────────────────────── trial reminders ─────────────────────────────

describe('the trial-ending reminder', () => {
  /** A customer in a trial that ends `inDays` from now (far enough that no other test's trial is due with it). */
  async function trialEndingIn(prefix: string, inDays: number) {
    const customer = await newCustomer(prefix, { given: 'Remy', family: 'Minder' });
    const res = await register(customer.token, { paymentMethodToken: await tokenFor(customer, '4242424242424242') });
    expect(res.statusCode, res.body).toBe(201);
    const end = new Date(Date.now() + inDays * DAY_MS);
    await t.query(sql`update subscriptions set trial_ends_at = ${end}, current_period_end = ${end} where id = ${res.json().subscription.id}::uuid`);
    return { customer, end, subscriptionId: res.json().subscription.id as string };
  }
  const reminders = (email: string) => mailsTo(email, /trial .* ends on/);

  it('is sent once, three days before the trial ends, even when runs overlap', async () => {
    const { customer, end, subscriptionId } = await trialEndingIn('reminder', 40);
    await t.app.billing.sendTrialReminders(new Date(end.getTime() - 5 * DAY_MS));
    expect(reminders(customer.email)).toHaveLength(0);

    const at = new Date(end.getTime() - 2.5 * DAY_MS);
    await Promise.all([t.app.billing.sendTrialReminders(at), t.app.billing.sendTrialReminders(at)]);
    await t.app.billing.sendTrialReminders(at);
    await t.app.billing.sendTrialReminders(new Date(end.getTime() - DAY_MS));
    const sent = reminders(customer.email);
    expect(sent).toHaveLength(1);
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(end);
    expect(sent[0]!.subject).toBe(`Your free trial of Educator Learning Platform ends on ${day}`);
    for (const fact of [day, 'Visa •••• 4242', '$149.00 USD', `${ORIGIN}/billing`, 'Hello Remy Minder']) expect(sent[0]!.text).toContain(fact);
    const [row] = await t.query<{ at: string | null }>(sql`select trial_reminder_sent_at::text as at from subscriptions where id = ${subscriptionId}::uuid`);
    expect(row!.at).not.toBeNull();
  });

  it('is not sent for a canceled trial', async () => {
    const { customer, end, subscriptionId } = await trialEndingIn('reminder-canceled', 50);
    expect((await t.request(customer.token, { method: 'DELETE', url: `/api/customers/current/subscriptions/${subscriptionId}` })).statusCode).toBe(200);
    await t.app.billing.sendTrialReminders(new Date(end.getTime() - 2 * DAY_MS));
    expect(reminders(customer.email)).toHaveLength(0);
  });

  it('is tried again by the next run when it could not be sent', async () => {
    const { customer, end } = await trialEndingIn('reminder-retry', 60);
    const repos = createRepositories(t.db);
    const warnings: object[] = [];
    const failing = createBillingService({
      billing: repos.billing,
      organizations: repos.organizations,
      gateway: createSandboxGateway(),
      mailer: { send: async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' })) },
      log: { warn: (obj) => void warnings.push(obj), info: () => {} },
      config: t.config,
    });
    const at = new Date(end.getTime() - 2 * DAY_MS);
    expect(await failing.sendTrialReminders(at)).toBe(0);
    expect(warnings).toEqual([expect.objectContaining({ mail: 'trialReminder', err: expect.objectContaining({ code: 'ESOCKET' }) })]);
    expect(JSON.stringify(warnings)).not.toContain(customer.email);
    await t.app.billing.sendTrialReminders(at);
    expect(reminders(customer.email)).toHaveLength(1);
  });
});

// ───────────────────────────── card data ─────────────────────────────

describe('card data', () => {
  it('appears in no log line and in no column of any table', async () => {
    const from = t.logs.length;
    const customer = await newCustomer('no-card-data');
    const { clientToken } = await clientTokenOf(customer.token);
    const body = JSON.stringify({ number: '4242424242424242', expMonth: 9, expYear: nextYear, cvc: '123', postalCode: '97201', name: 'Card Holder' });
    const ok = await tokenize(clientToken, body);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.body).not.toContain('4242424242424242');
    // Refusals, and a body that is not JSON, are logged too: still without the card.
    expect((await tokenize(clientToken, body.replace('"123"', '"12"'))).statusCode).toBe(400);
    expect((await tokenize(clientToken, `${body.slice(0, -5)}`)).statusCode).toBe(400);
    const registered = await register(customer.token, { paymentMethodToken: ok.json().token, billingName: 'Card Holder', postalCode: '97201' });
    expect(registered.statusCode, registered.body).toBe(201);
    await t.app.billing.drain();

    const lines = t.logs.slice(from);
    expect(lines.some((l) => l.includes(TOKENIZE)), 'the tokenize requests were logged').toBe(true);
    for (const line of lines) {
      expect(line).not.toContain('4242424242424242');
      expect(line).not.toContain('"cvc"');
      expect(line).not.toContain('"number"');
      expect(line).not.toContain(body.slice(0, 20));
    }

    const tables = await t.query<{ schema: string; name: string }>(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
    expect(tables.map((x) => x.name)).toEqual(expect.arrayContaining(['payment_methods', 'transactions', 'subscriptions', 'idempotency_records', 'users']));
    for (const { schema, name } of tables) {
      const [found] = await t.query<{ n: number }>(
        sql.raw(`select count(*)::int as n from "${schema}"."${name}" r where r::text like '%4242424242424242%' or r::text like '%"cvc"%'`),
      );
      expect(found!.n, `${schema}.${name}`).toBe(0);
    }
    // What was stored: the brand, the last four digits and the typed expiry.
    const [pm] = await t.query<{ last4: string; expMonth: number }>(sql`select last4, exp_month as "expMonth" from payment_methods where user_id = ${customer.id}::uuid`);
    expect(pm).toEqual({ last4: '4242', expMonth: 9 });
  });
});

// ───────────────────────────── a lapsed subscriber ─────────────────────────────

describe('a lapsed subscriber', () => {
  it('keeps all progress while lapsed and gets it back on reactivation with the card on file', async () => {
    const token = await t.login(LAPSED_SUBSCRIBER);
    const progress = async () => {
      const res = await t.request(token, { method: 'GET', url: '/api/progress' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ catalogItemsProgress: { catalogItemId: string }[] }>().catalogItemsProgress.sort((a, b) => a.catalogItemId.localeCompare(b.catalogItemId));
    };
    const [user] = await t.query<{ id: string; rows: number }>(
      sql`select u.id::text as id, (select count(*)::int from learner_progress p where p.user_id = u.id) as rows from users u where u.email = ${LAPSED_SUBSCRIBER}`,
    );
    expect(user!.rows).toBeGreaterThan(0);
    const before = await progress();
    expect(before).toHaveLength(user!.rows);

    const subs = await t.request(token, { method: 'GET', url: '/api/customers/current/subscriptions?include=paymentMethod' });
    const [sub] = subs.json().data;
    expect(sub).toMatchObject({ source: 'PERSONAL', status: 'CANCELED', isActive: false, paymentMethod: { brand: 'Visa', last4: '4242' } });
    expect(new Date(sub.currentPeriodEnd).getTime()).toBeLessThan(Date.now());
    // Paid content is closed while lapsed; the record of what was done is not.
    const [item] = await t.query<{ id: string }>(sql`select id::text as id from catalog_items where resource_type = 'LEARNING_OBJECT' limit 1`);
    expectError(await t.request(token, { method: 'GET', url: `/api/catalog/items/${item!.id}/video` }), 403, 'SUBSCRIPTION_REQUIRED');
    expect(await progress()).toEqual(before);
    expect((await t.request(token, { method: 'GET', url: '/api/profile/interactions?limit=-1' })).json().total).toBeGreaterThan(0);

    const reactivated = await t.request(token, { method: 'PUT', url: `/api/customers/current/subscriptions/${sub.id}` });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({ status: 'ACTIVE', isActive: true, cancelAtPeriodEnd: false });
    expect(await progress()).toEqual(before);
    expect((await t.request(token, { method: 'GET', url: `/api/catalog/items/${item!.id}/video` })).statusCode).toBe(200);

    const [latest] = await transactionsOf(token);
    expect(latest).toMatchObject({ type: 'CHARGE', status: 'SUCCEEDED', amount: 149, card: { brand: 'Visa', last4: '4242' } });
    await t.app.billing.drain();
    const [mail] = mailsTo(LAPSED_SUBSCRIBER, /receipt/i);
    expect(mail?.text).toContain(latest!.receiptNumber);
  });
});

describe('who provides access', () => {
  it("names the district whose subscription a school's educator uses, and no organization for a personal one", async () => {
    const member = await t.login('educator01@northwind.example.org');
    const res = await t.request(member, { method: 'GET', url: '/api/customers/current/subscriptions?include=paymentMethod' });
    expect(res.statusCode, res.body).toBe(200);
    expect(validateResponse('listSubscriptions', 200, res.headers['content-type'] as string, res.json())).toEqual([]);
    const [district] = res.json<{ data: { source: string; organizationName: string | null }[] }>().data;
    expect(district).toMatchObject({ source: 'ORGANIZATION', organizationName: 'Northwind School District' });

    const subscriber = await t.login('subscriber@example.org');
    const own = await t.request(subscriber, { method: 'GET', url: '/api/customers/current/subscriptions' });
    expect(own.json<{ data: { source: string; organizationName: string | null }[] }>().data).toEqual([
      expect.objectContaining({ source: 'PERSONAL', organizationName: null }),
    ]);
  });
});
