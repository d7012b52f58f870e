import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { validateResponse } from '../support/contract.ts';
import { ACCOUNTS } from '../support/world.ts';

/**
 * Registration (POST /customers/registration) is idempotent on its Idempotency-Key: the same key
 * and body replay the first answer, the same key with another body is 422, and a refused card
 * stores nothing so the key can be retried. Then the subscription's life: cancel, reactivate,
 * the card on file, renewals and the payment history.
 */

const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;
const TRIAL_DAYS = 14;
const AMOUNT = 149;

type Customer = { token: string; id: string; email: string };
type Subscription = {
  id: string;
  status: string;
  isActive: boolean;
  isTrialActive: boolean;
  trialEndsAt: string | null;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  amount: number;
  currency: string;
  paymentMethod?: { brand: string; last4: string } | null;
};
type Transaction = { id: string; subscriptionId: string | null; type: string; status: string; amount: number; currency: string; description: string };

let t: TestApp;

/** A user with no subscription, created through a provider sign-in (first call creates them). */
async function newCustomer(prefix: string): Promise<Customer> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
  const token = await t.provider.sign({ sub: `auth0|${randomUUID()}`, email, email_verified: true });
  const res = await t.request(token, { method: 'GET', url: '/api/identity/me' });
  expect(res.statusCode, res.body).toBe(200);
  return { token, id: res.json().id, email };
}

const newKey = () => `key_${randomUUID()}`;

function register(token: string, key: string | null, body: Record<string, unknown>) {
  return t.request(token, {
    method: 'POST',
    url: '/api/customers/registration',
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: body,
  });
}

/** The response matches the contract for its status. */
function expectContract(operationId: string, res: LightMyRequestResponse) {
  const type = res.headers['content-type'] as string | undefined;
  const body = type?.startsWith('application/json') ? res.json() : res.body;
  expect(validateResponse(operationId, res.statusCode, type, body), `${operationId} ${res.statusCode} ${res.body.slice(0, 300)}`).toEqual([]);
}

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json(), res.body).toEqual({ error: { code, message: expect.any(String) } });
}

/** Rows the registration may create for a user. */
async function counts(userId: string) {
  const [row] = await t.query<{ subscriptions: number; paymentMethods: number; transactions: number; keys: number }>(sql`
    select (select count(*)::int from subscriptions where user_id = ${userId}::uuid) as subscriptions,
           (select count(*)::int from payment_methods where user_id = ${userId}::uuid) as "paymentMethods",
           (select count(*)::int from transactions where user_id = ${userId}::uuid) as transactions,
           (select count(*)::int from idempotency_records where user_id = ${userId}::uuid) as keys`);
  return row!;
}

const near = (iso: string | null, expected: number, toleranceMs = 60_000) => Math.abs(new Date(iso!).getTime() - expected) < toleranceMs;

const subscriptionsOf = (token: string, query = '') => t.request(token, { method: 'GET', url: `/api/customers/current/subscriptions${query}` });
const transactionsOf = async (token: string) => {
  const res = await t.request(token, { method: 'GET', url: '/api/customers/current/transactions' });
  expect(res.statusCode, res.body).toBe(200);
  expectContract('listTransactions', res);
  return res.json<{ data: Transaction[] }>().data;
};
const subscriptionCall = (token: string, method: 'DELETE' | 'PUT', id: string) => t.request(token, { method, url: `/api/customers/current/subscriptions/${id}` });
const paymentMethodCall = (token: string, id: string, paymentMethodToken?: string) =>
  t.request(token, {
    method: paymentMethodToken ? 'PUT' : 'GET',
    url: `/api/customers/current/subscriptions/${id}/payment-method`,
    ...(paymentMethodToken ? { payload: { paymentMethodToken } } : {}),
  });

/** Gives a customer a subscription that ended a month ago, as if they had subscribed before. */
async function pastSubscription(userId: string) {
  await t.query(sql`insert into subscriptions (user_id, current_period_end, cancel_at_period_end, amount_cents, currency, created_at)
                    values (${userId}::uuid, ${new Date(Date.now() - 30 * DAY_MS)}, true, ${AMOUNT * 100}, 'USD', ${new Date(Date.now() - 400 * DAY_MS)})`);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('registration is idempotent on its key', () => {
  it('replays the first answer for the same key and body, creating one subscription, one card and one transaction', async () => {
    const token = await t.login(ACCOUNTS.noAccess);
    const [{ id: userId }] = (await t.query<{ id: string }>(sql`select id::text as id from users where email = ${ACCOUNTS.noAccess}`)) as [{ id: string }];
    expect(await counts(userId)).toEqual({ subscriptions: 0, paymentMethods: 0, transactions: 0, keys: 0 });
    const key = newKey();
    const body = { paymentMethodToken: 'tok_visa', billingName: 'No Access', postalCode: '97201' };

    const first = await register(token, key, body);
    expect(first.statusCode, first.body).toBe(201);
    expectContract('register', first);
    const second = await register(token, key, body);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await counts(userId)).toEqual({ subscriptions: 1, paymentMethods: 1, transactions: 1, keys: 1 });

    // The same key with another body is refused and changes nothing.
    for (const other of [{ ...body, billingName: 'Somebody Else' }, { ...body, paymentMethodToken: 'tok_mastercard' }, { paymentMethodToken: 'tok_visa' }]) {
      expectError(await register(token, key, other), 422, 'IDEMPOTENCY_KEY_REUSED');
    }
    // A new key for a user who now has an active subscription is a conflict.
    expectError(await register(token, newKey(), body), 409, 'ALREADY_SUBSCRIBED');
    expect(await counts(userId)).toEqual({ subscriptions: 1, paymentMethods: 1, transactions: 1, keys: 1 });

    // And the first answer is still replayed afterwards.
    const third = await register(token, key, body);
    expect(third.statusCode).toBe(201);
    expect(third.json()).toEqual(first.json());
  });

  it('scopes keys to the user: another user may use the same key', async () => {
    const key = newKey();
    const a = await newCustomer('scope-a');
    const b = await newCustomer('scope-b');
    const first = await register(a.token, key, { paymentMethodToken: 'tok_visa' });
    const second = await register(b.token, key, { paymentMethodToken: 'tok_visa' });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().subscription.id).not.toBe(first.json().subscription.id);
    expect((await counts(a.id)).subscriptions).toBe(1);
    expect((await counts(b.id)).subscriptions).toBe(1);
  });

  it('answers concurrent duplicates with one subscription and the same body', async () => {
    const customer = await newCustomer('concurrent');
    const key = newKey();
    const body = { paymentMethodToken: 'tok_visa', billingName: 'Con Current' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => register(customer.token, key, body)));
    expect(responses.map((r) => r.statusCode), responses.map((r) => r.body).join('\n')).toEqual([201, 201, 201, 201, 201]);
    const bodies = responses.map((r) => r.json());
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(await counts(customer.id)).toEqual({ subscriptions: 1, paymentMethods: 1, transactions: 1, keys: 1 });
  });

  it('lets only one of several concurrent registrations with different keys through', async () => {
    const customer = await newCustomer('racing');
    const responses = await Promise.all(Array.from({ length: 4 }, () => register(customer.token, newKey(), { paymentMethodToken: 'tok_visa' })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409]);
    expect((await counts(customer.id)).subscriptions).toBe(1);
  });

  it('stores nothing when the card is refused, so the same key can be retried with a good card', async () => {
    const customer = await newCustomer('declined');
    const key = newKey();
    expectError(await register(customer.token, key, { paymentMethodToken: 'tok_declined' }), 402, 'CARD_DECLINED');
    expect(await counts(customer.id)).toEqual({ subscriptions: 0, paymentMethods: 0, transactions: 0, keys: 0 });
    expectError(await register(customer.token, key, { paymentMethodToken: 'tok_expired' }), 402, 'CARD_EXPIRED');
    expectError(await register(customer.token, key, { paymentMethodToken: 'tok_unknown' }), 402, 'CARD_INVALID');
    expect(await counts(customer.id)).toEqual({ subscriptions: 0, paymentMethods: 0, transactions: 0, keys: 0 });
    expectError(await subscriptionsOf(customer.token), 404, 'NO_SUBSCRIPTIONS');

    const retried = await register(customer.token, key, { paymentMethodToken: 'tok_visa' });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().subscription.status).toBe('TRIALING');
    expect(await counts(customer.id)).toEqual({ subscriptions: 1, paymentMethods: 1, transactions: 1, keys: 1 });
  });

  it('stores nothing when the first charge of a returning customer is declined, and the key can be retried', async () => {
    const customer = await newCustomer('insufficient');
    await pastSubscription(customer.id);
    const before = await counts(customer.id);
    const key = newKey();
    expectError(await register(customer.token, key, { paymentMethodToken: 'tok_insufficient_funds' }), 402, 'CARD_DECLINED');
    expect(await counts(customer.id)).toEqual(before);

    const retried = await register(customer.token, key, { paymentMethodToken: 'tok_visa' });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().transaction).toMatchObject({ type: 'CHARGE', status: 'SUCCEEDED', amount: AMOUNT });
    expect(await counts(customer.id)).toEqual({ subscriptions: before.subscriptions + 1, paymentMethods: 1, transactions: 1, keys: 1 });
  });

  it('refuses a user who already has an active subscription with 409', async () => {
    for (const email of [ACCOUNTS.subscriber, ACCOUNTS.trial]) {
      const token = await t.login(email);
      const [{ id }] = (await t.query<{ id: string }>(sql`select id::text as id from users where email = ${email}`)) as [{ id: string }];
      const before = await counts(id);
      expectError(await register(token, newKey(), { paymentMethodToken: 'tok_visa' }), 409, 'ALREADY_SUBSCRIBED');
      expect(await counts(id)).toEqual(before);
    }
  });

  it('requires the Idempotency-Key header and a full account', async () => {
    const customer = await newCustomer('nokey');
    const res = await register(customer.token, null, { paymentMethodToken: 'tok_visa' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message.toLowerCase()).toContain('idempotency-key');
    expect(await counts(customer.id)).toEqual({ subscriptions: 0, paymentMethods: 0, transactions: 0, keys: 0 });

    const demo = await t.demo(`demo-${randomUUID().slice(0, 8)}@example.org`);
    expectError(await register(demo, newKey(), { paymentMethodToken: 'tok_visa' }), 403, 'DEMO_ACCOUNT');
  });
});

describe('trial or charge', () => {
  it('starts a first subscription with a free trial and a zero verification', async () => {
    const customer = await newCustomer('trial');
    const started = Date.now();
    const res = await register(customer.token, newKey(), { paymentMethodToken: 'tok_visa', billingName: 'Tri Al', postalCode: 'SW1A 1AA' });
    expect(res.statusCode, res.body).toBe(201);
    expectContract('register', res);
    const { subscription, transaction } = res.json<{ subscription: Subscription; transaction: Transaction }>();
    expect(subscription).toMatchObject({ status: 'TRIALING', isActive: true, isTrialActive: true, cancelAtPeriodEnd: false, amount: AMOUNT, currency: 'USD', source: 'PERSONAL' });
    expect(near(subscription.trialEndsAt, started + TRIAL_DAYS * DAY_MS)).toBe(true);
    expect(subscription.currentPeriodEnd).toBe(subscription.trialEndsAt);
    expect(transaction).toMatchObject({ type: 'VERIFICATION', status: 'SUCCEEDED', amount: 0, currency: 'USD', subscriptionId: subscription.id });
    expect(await transactionsOf(customer.token)).toEqual([expect.objectContaining({ id: transaction.id, type: 'VERIFICATION', amount: 0 })]);
  });

  it('charges 149 at once, with no trial, to someone who had a subscription before', async () => {
    const customer = await newCustomer('returning');
    await pastSubscription(customer.id);
    const started = Date.now();
    const res = await register(customer.token, newKey(), { paymentMethodToken: 'tok_mastercard' });
    expect(res.statusCode, res.body).toBe(201);
    expectContract('register', res);
    const { subscription, transaction } = res.json<{ subscription: Subscription; transaction: Transaction }>();
    expect(subscription).toMatchObject({ status: 'ACTIVE', isActive: true, isTrialActive: false, trialEndsAt: null, amount: AMOUNT });
    expect(near(subscription.currentPeriodEnd, started + YEAR_MS)).toBe(true);
    expect(transaction).toMatchObject({ type: 'CHARGE', status: 'SUCCEEDED', amount: AMOUNT, currency: 'USD', subscriptionId: subscription.id });
    const list = await subscriptionsOf(customer.token);
    expect(list.json().data.map((s: Subscription) => s.status)).toEqual(['ACTIVE', 'CANCELED']);
  });
});

describe('the subscription after registration', () => {
  let customer: Customer;
  let subscriptionId: string;

  beforeAll(async () => {
    customer = await newCustomer('lifecycle');
    const res = await register(customer.token, newKey(), { paymentMethodToken: 'tok_visa' });
    expect(res.statusCode, res.body).toBe(201);
    subscriptionId = res.json().subscription.id;
  });

  it('lists the subscription, with its card when asked', async () => {
    const plain = await subscriptionsOf(customer.token);
    expect(plain.statusCode, plain.body).toBe(200);
    expectContract('listSubscriptions', plain);
    expect(plain.json().data).toEqual([expect.objectContaining({ id: subscriptionId, status: 'TRIALING' })]);
    expect(plain.json().data[0]).not.toHaveProperty('paymentMethod');
    const withCard = await subscriptionsOf(customer.token, '?include=paymentMethod');
    expectContract('listSubscriptions', withCard);
    expect(withCard.json().data[0].paymentMethod).toMatchObject({ brand: 'Visa', last4: '4242' });
  });

  it('cancels at the end of the period (still active) and reactivates', async () => {
    const canceled = await subscriptionCall(customer.token, 'DELETE', subscriptionId);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expectContract('cancelSubscription', canceled);
    expect(canceled.json()).toMatchObject({ id: subscriptionId, cancelAtPeriodEnd: true, isActive: true });
    expect((await subscriptionsOf(customer.token)).json().data[0]).toMatchObject({ cancelAtPeriodEnd: true, isActive: true });
    // Still counts as access to paid content.
    expect((await t.request(customer.token, { method: 'GET', url: '/api/catalog/recommendations/featured' })).statusCode).toBe(200);

    const reactivated = await subscriptionCall(customer.token, 'PUT', subscriptionId);
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expectContract('reactivateSubscription', reactivated);
    expect(reactivated.json()).toMatchObject({ id: subscriptionId, cancelAtPeriodEnd: false, isActive: true, status: 'TRIALING' });
    expectError(await subscriptionCall(customer.token, 'PUT', subscriptionId), 409, 'ALREADY_ACTIVE');
    // Reactivating a cancellation charges nothing.
    expect((await transactionsOf(customer.token)).map((x) => x.type)).toEqual(['VERIFICATION']);
  });

  it('reads and replaces the card, refusing declined and expired ones', async () => {
    const card = await paymentMethodCall(customer.token, subscriptionId);
    expect(card.statusCode, card.body).toBe(200);
    expectContract('getPaymentMethod', card);
    expect(card.json()).toMatchObject({ brand: 'Visa', last4: '4242' });
    expect(card.body).not.toMatch(/tok_|sandbox_pm/);

    const replaced = await paymentMethodCall(customer.token, subscriptionId, 'tok_mastercard');
    expect(replaced.statusCode, replaced.body).toBe(200);
    expectContract('updatePaymentMethod', replaced);
    expect(replaced.json()).toMatchObject({ brand: 'Mastercard', last4: '4444' });

    expectError(await paymentMethodCall(customer.token, subscriptionId, 'tok_declined'), 402, 'CARD_DECLINED');
    expectError(await paymentMethodCall(customer.token, subscriptionId, 'tok_expired'), 402, 'CARD_EXPIRED');
    const after = await paymentMethodCall(customer.token, subscriptionId);
    expect(after.json()).toMatchObject({ id: replaced.json().id, brand: 'Mastercard', last4: '4444' });
  });

  it('hides other users\u2019 subscriptions as 404', async () => {
    const [seeded] = await t.query<{ id: string }>(
      sql`select s.id::text as id from subscriptions s join users u on u.id = s.user_id where u.email = ${ACCOUNTS.subscriber}`,
    );
    const other = seeded!.id;
    expectError(await paymentMethodCall(customer.token, other), 404, 'NOT_FOUND');
    expectError(await paymentMethodCall(customer.token, other, 'tok_visa'), 404, 'NOT_FOUND');
    expectError(await subscriptionCall(customer.token, 'DELETE', other), 404, 'NOT_FOUND');
    expectError(await subscriptionCall(customer.token, 'PUT', other), 404, 'NOT_FOUND');
    const [state] = await t.query<{ cancel: boolean; pm: string }>(sql`select cancel_at_period_end as cancel, payment_method_id::text as pm from subscriptions where id = ${other}::uuid`);
    expect(state!.cancel).toBe(false);
  });

  it('turns a trial that ends into a paid year, charging the card on file', async () => {
    const ended = new Date(Date.now() - 60_000);
    await t.query(sql`update subscriptions set trial_ends_at = ${ended}, current_period_end = ${ended} where id = ${subscriptionId}::uuid`);
    const res = await subscriptionsOf(customer.token);
    expect(res.statusCode, res.body).toBe(200);
    const [sub] = res.json<{ data: Subscription[] }>().data;
    expect(sub).toMatchObject({ id: subscriptionId, status: 'ACTIVE', isActive: true, isTrialActive: false });
    expect(near(sub!.currentPeriodEnd, Date.now() + YEAR_MS)).toBe(true);
    const [charge] = await transactionsOf(customer.token);
    expect(charge).toMatchObject({ type: 'CHARGE', status: 'SUCCEEDED', amount: AMOUNT, subscriptionId });
    // Reading again does not charge twice.
    await subscriptionsOf(customer.token);
    expect((await transactionsOf(customer.token)).filter((x) => x.type === 'CHARGE')).toHaveLength(1);
  });

  it('refuses to cancel an ended subscription and renews it on reactivation', async () => {
    const ended = new Date(Date.now() - DAY_MS);
    await t.query(sql`update subscriptions set current_period_end = ${ended}, cancel_at_period_end = true where id = ${subscriptionId}::uuid`);
    expect((await subscriptionsOf(customer.token)).json().data[0]).toMatchObject({ status: 'CANCELED', isActive: false });
    expectError(await subscriptionCall(customer.token, 'DELETE', subscriptionId), 409, 'SUBSCRIPTION_ENDED');
    const charges = (await transactionsOf(customer.token)).filter((x) => x.type === 'CHARGE').length;

    const renewed = await subscriptionCall(customer.token, 'PUT', subscriptionId);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ status: 'ACTIVE', isActive: true, cancelAtPeriodEnd: false });
    expect(near(renewed.json().currentPeriodEnd, Date.now() + YEAR_MS)).toBe(true);
    const list = await transactionsOf(customer.token);
    expect(list.filter((x) => x.type === 'CHARGE')).toHaveLength(charges + 1);
    expect(list[0]).toMatchObject({ type: 'CHARGE', status: 'SUCCEEDED', amount: AMOUNT });
  });

  it('leaves a renewal with a declined card past due, until the card is replaced and the subscription reactivated', async () => {
    expect((await paymentMethodCall(customer.token, subscriptionId, 'tok_insufficient_funds')).statusCode).toBe(200);
    const ended = new Date(Date.now() - 60_000);
    await t.query(sql`update subscriptions set current_period_end = ${ended}, cancel_at_period_end = false where id = ${subscriptionId}::uuid`);
    expect((await subscriptionsOf(customer.token)).json().data[0]).toMatchObject({ status: 'PAST_DUE', isActive: false });
    expect((await transactionsOf(customer.token))[0]).toMatchObject({ type: 'CHARGE', status: 'DECLINED' });

    expectError(await subscriptionCall(customer.token, 'PUT', subscriptionId), 402, 'CARD_DECLINED');
    expect((await paymentMethodCall(customer.token, subscriptionId, 'tok_visa')).statusCode).toBe(200);
    const reactivated = await subscriptionCall(customer.token, 'PUT', subscriptionId);
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({ status: 'ACTIVE', isActive: true });
  });
});

describe('no subscription', () => {
  it('answers 404 NO_SUBSCRIPTIONS (which the app reads as an empty list) and an empty payment history', async () => {
    const customer = await newCustomer('nothing');
    const res = await subscriptionsOf(customer.token);
    expectError(res, 404, 'NO_SUBSCRIPTIONS');
    expectContract('listSubscriptions', res);
    expect(await transactionsOf(customer.token)).toEqual([]);
  });
});

describe('seeded subscriptions', () => {
  it('charges the seeded trial user\u2019s saved card when their trial ends', async () => {
    const token = await t.login(ACCOUNTS.trial);
    const [sub] = await t.query<{ id: string }>(sql`select s.id::text as id from subscriptions s join users u on u.id = s.user_id where u.email = ${ACCOUNTS.trial}`);
    const ended = new Date(Date.now() - 60_000);
    await t.query(sql`update subscriptions set trial_ends_at = ${ended}, current_period_end = ${ended} where id = ${sub!.id}::uuid`);
    const res = await subscriptionsOf(token);
    expect(res.json().data[0], res.body).toMatchObject({ id: sub!.id, status: 'ACTIVE', isActive: true });
  });
});
