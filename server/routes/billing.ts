import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyRecords, organizations, paymentMethods, subscriptions, transactions } from '../db/schema.ts';
import { conflict, forbidden, notFound, paymentRequired, unprocessable } from '../errors.ts';
import { ROLES, requireRole } from '../auth/policy.ts';
import type { UserRow } from '../auth/principal.ts';
import type { PaymentGateway } from '../services/payment-gateway.ts';
import { principalOf, type Context, type Handlers } from './types.ts';

type BillingOps =
  | 'listSubscriptions'
  | 'cancelSubscription'
  | 'reactivateSubscription'
  | 'getPaymentMethod'
  | 'updatePaymentMethod'
  | 'listTransactions'
  | 'getPaymentGatewayToken'
  | 'register';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PaymentMethodRow = typeof paymentMethods.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

const YEAR_MS = 365 * 24 * 3600 * 1000;

export function toSubscription(row: SubscriptionRow, now = new Date(), paymentMethod?: PaymentMethodRow | null) {
  const active = row.currentPeriodEnd > now && !row.pastDue;
  const trial = active && row.trialEndsAt !== null && row.trialEndsAt > now;
  const status = !active
    ? row.pastDue
      ? 'PAST_DUE'
      : row.cancelAtPeriodEnd
        ? 'CANCELED'
        : 'EXPIRED'
    : row.cancelAtPeriodEnd
      ? 'CANCELED'
      : trial
        ? 'TRIALING'
        : 'ACTIVE';
  return {
    id: row.id,
    source: row.organizationId ? ('ORGANIZATION' as const) : ('PERSONAL' as const),
    organizationId: row.organizationId,
    status: status as 'TRIALING' | 'ACTIVE' | 'CANCELED' | 'EXPIRED' | 'PAST_DUE',
    isActive: active,
    isTrialActive: trial,
    trialEndsAt: row.trialEndsAt,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    amount: row.amountCents / 100,
    currency: row.currency,
    createdAt: row.createdAt,
    ...(paymentMethod !== undefined && { paymentMethod: paymentMethod && toPaymentMethod(paymentMethod) }),
  };
}

const toPaymentMethod = (pm: PaymentMethodRow) => ({ id: pm.id, brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear });
const toTransaction = (t: TransactionRow) => ({
  id: t.id,
  subscriptionId: t.subscriptionId,
  type: t.type,
  status: t.status,
  amount: t.amountCents / 100,
  currency: t.currency,
  description: t.description,
  createdAt: t.createdAt,
});

/**
 * Renews personal subscriptions whose period has ended (a trial turning paid, or a yearly
 * renewal) by charging the saved card; a declined charge leaves the subscription past due.
 * Renewal happens when subscriptions are read, which the app does on every navigation.
 */
async function renewDue(db: Db, gateway: PaymentGateway, user: UserRow, now = new Date()) {
  const due = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), sql`${subscriptions.currentPeriodEnd} <= ${now}`, eq(subscriptions.cancelAtPeriodEnd, false), eq(subscriptions.pastDue, false)));
  for (const sub of due) {
    if (!sub.paymentMethodId) continue;
    await charge(db, gateway, user, sub, `renew:${sub.id}:${sub.currentPeriodEnd.toISOString()}`, 'Annual subscription renewal', false);
  }
}

/** Charges a subscription's card for a new year; throws 402 when `strict` and the card is declined. */
async function charge(db: Db, gateway: PaymentGateway, user: UserRow, sub: SubscriptionRow, key: string, description: string, strict: boolean) {
  const [pm] = sub.paymentMethodId ? await db.select().from(paymentMethods).where(eq(paymentMethods.id, sub.paymentMethodId)) : [];
  if (!pm) throw paymentRequired('Add a card to renew this subscription', 'NO_PAYMENT_METHOD');
  const result = await gateway.charge(pm.gatewayRef, sub.amountCents, sub.currency, key);
  return db.transaction(async (tx) => {
    await tx.insert(transactions).values({
      userId: user.id,
      subscriptionId: sub.id,
      type: 'CHARGE',
      status: result.status,
      amountCents: sub.amountCents,
      currency: sub.currency,
      description: result.status === 'SUCCEEDED' ? description : `${description} (declined: ${result.message})`,
      gatewayRef: result.ref,
    });
    if (result.status === 'DECLINED') {
      await tx.update(subscriptions).set({ pastDue: true }).where(eq(subscriptions.id, sub.id));
      if (strict) throw paymentRequired('Your card was declined', 'CARD_DECLINED');
      return null;
    }
    const start = Math.max(Date.now(), sub.currentPeriodEnd.getTime());
    const [renewed] = await tx
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(start + YEAR_MS), pastDue: false, cancelAtPeriodEnd: false })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    return renewed!;
  });
}

export function billingHandlers({ db, gateway, config }: Context): Handlers<BillingOps> {
  async function ownSubscription(user: UserRow, id: string) {
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (sub?.organizationId && (sub.organizationId === user.organizationId || (await isParentOf(sub.organizationId, user.organizationId)))) {
      throw forbidden('Your organization manages this subscription', 'ORGANIZATION_SUBSCRIPTION');
    }
    // Someone else's subscription is reported as missing, so ids cannot be probed.
    if (!sub || sub.userId !== user.id) throw notFound('Subscription not found');
    return sub;
  }

  async function isParentOf(parentId: string, organizationId: string | null) {
    if (!organizationId) return false;
    const [org] = await db.select({ parentId: organizations.parentId }).from(organizations).where(eq(organizations.id, organizationId));
    return org?.parentId === parentId;
  }

  return {
    async listSubscriptions(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      await renewDue(db, gateway, user);
      const orgIds = [user.organizationId];
      if (user.organizationId) {
        const [org] = await db.select({ parentId: organizations.parentId }).from(organizations).where(eq(organizations.id, user.organizationId));
        if (org?.parentId) orgIds.push(org.parentId);
      }
      const list = await db
        .select()
        .from(subscriptions)
        .where(
          or(
            eq(subscriptions.userId, user.id),
            ...orgIds.filter((id): id is string => id !== null).map((id) => and(eq(subscriptions.organizationId, id), isNull(subscriptions.userId))),
          ),
        )
        .orderBy(desc(subscriptions.createdAt));
      // The app's client reads this 404 as "no subscriptions" (spec §4, §8).
      if (!list.length) throw notFound('No subscriptions found', 'NO_SUBSCRIPTIONS');
      const withCard = request.query.include?.includes('paymentMethod') ?? false;
      const cards = withCard ? await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id)) : [];
      const now = new Date();
      return {
        data: list.map((s) => toSubscription(s, now, withCard ? (cards.find((c) => c.id === s.paymentMethodId) ?? null) : undefined)),
      };
    },

    async cancelSubscription(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      const sub = await ownSubscription(user, request.params.id);
      if (!toSubscription(sub).isActive) throw conflict('This subscription has already ended', 'SUBSCRIPTION_ENDED');
      const [updated] = await db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub.id)).returning();
      return toSubscription(updated!);
    },

    async reactivateSubscription(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      const sub = await ownSubscription(user, request.params.id);
      const view = toSubscription(sub);
      if (view.isActive && !sub.cancelAtPeriodEnd) throw conflict('This subscription is already active', 'ALREADY_ACTIVE');
      if (view.isActive) {
        const [updated] = await db.update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, sub.id)).returning();
        return toSubscription(updated!);
      }
      const renewed = await charge(db, gateway, user, sub, `reactivate:${sub.id}:${Date.now()}`, 'Annual subscription (reactivated)', true);
      return toSubscription(renewed!);
    },

    async getPaymentMethod(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      const sub = await ownSubscription(user, request.params.id);
      const [pm] = sub.paymentMethodId ? await db.select().from(paymentMethods).where(eq(paymentMethods.id, sub.paymentMethodId)) : [];
      if (!pm) throw notFound('This subscription has no card on file', 'NO_PAYMENT_METHOD');
      return toPaymentMethod(pm);
    },

    async updatePaymentMethod(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      const sub = await ownSubscription(user, request.params.id);
      const card = await gateway.vault(request.body.paymentMethodToken);
      const pm = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(paymentMethods)
          .values({ userId: user.id, gatewayRef: card.ref, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear })
          .returning();
        await tx.update(subscriptions).set({ paymentMethodId: created!.id }).where(eq(subscriptions.id, sub.id));
        return created!;
      });
      return toPaymentMethod(pm);
    },

    async listTransactions(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      const list = await db.select().from(transactions).where(eq(transactions.userId, user.id)).orderBy(desc(transactions.createdAt));
      return { data: list.map(toTransaction) };
    },

    async getPaymentGatewayToken(request) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      return { clientToken: await gateway.clientToken(user.id), gateway: gateway.name, environment: gateway.environment };
    },

    async register(request, reply) {
      const { user } = principalOf(request);
      requireRole(principalOf(request), ROLES.fullAccount);
      const key = request.headers['idempotency-key'];
      const body = request.body;
      const requestHash = createHash('sha256')
        .update(JSON.stringify([body.paymentMethodToken, body.billingName ?? null, body.postalCode ?? null]))
        .digest('hex');

      // One transaction: a concurrent duplicate blocks on the record's key until this one
      // commits, then replays its answer. Failures roll the record back, so a retry re-runs.
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${user.id} for update`);
        const claimed = await tx
          .insert(idempotencyRecords)
          .values({ userId: user.id, key, operation: 'register', requestHash })
          .onConflictDoNothing()
          .returning();
        if (!claimed.length) {
          const [previous] = await tx
            .select()
            .from(idempotencyRecords)
            .where(and(eq(idempotencyRecords.userId, user.id), eq(idempotencyRecords.key, key)));
          if (!previous || previous.operation !== 'register' || previous.requestHash !== requestHash) {
            throw unprocessable('This Idempotency-Key was used with a different request', 'IDEMPOTENCY_KEY_REUSED');
          }
          return { status: previous.responseStatus ?? 201, body: previous.responseBody as object };
        }

        const now = new Date();
        const existing = await tx.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
        if (existing.some((s) => toSubscription(s, now).isActive)) throw conflict('You already have an active subscription', 'ALREADY_SUBSCRIBED');

        const card = await gateway.vault(body.paymentMethodToken);
        const [pm] = await tx
          .insert(paymentMethods)
          .values({ userId: user.id, gatewayRef: card.ref, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear })
          .returning();
        const { amountCents, currency, trialDays } = config.billing;
        const trial = existing.length === 0 && trialDays > 0;
        const periodEnd = new Date(now.getTime() + (trial ? trialDays * 24 * 3600 * 1000 : YEAR_MS));
        const [sub] = await tx
          .insert(subscriptions)
          .values({ userId: user.id, paymentMethodId: pm!.id, trialEndsAt: trial ? periodEnd : null, currentPeriodEnd: periodEnd, amountCents, currency })
          .returning();

        // The card is part of the charge's key: a retry with another card is a new charge attempt.
        const charged = trial ? null : await gateway.charge(card.ref, amountCents, currency, `register:${user.id}:${key}:${card.ref}`);
        if (charged?.status === 'DECLINED') throw paymentRequired('Your card was declined', 'CARD_DECLINED');
        const [txn] = await tx
          .insert(transactions)
          .values({
            userId: user.id,
            subscriptionId: sub!.id,
            type: trial ? 'VERIFICATION' : 'CHARGE',
            status: 'SUCCEEDED',
            amountCents: trial ? 0 : amountCents,
            currency,
            description: trial ? `Card verified for a ${trialDays}-day free trial` : 'Annual subscription',
            gatewayRef: charged?.ref ?? card.ref,
          })
          .returning();
        const response = JSON.parse(JSON.stringify({ subscription: toSubscription(sub!, now), transaction: toTransaction(txn!) })) as object;
        await tx
          .update(idempotencyRecords)
          .set({ responseStatus: 201, responseBody: response })
          .where(and(eq(idempotencyRecords.userId, user.id), eq(idempotencyRecords.key, key)));
        return { status: 201, body: response };
      });
      reply.code(result.status);
      return result.body as never;
    },
  };
}
