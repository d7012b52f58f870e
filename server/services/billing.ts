import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Schemas, SubscriptionStatus } from '../contract.ts';
import type { UserRow } from '../auth/principal.ts';
import { conflict, forbidden, notFound, paymentRequired, unprocessable } from '../errors.ts';
import type { BillingRepository, PaymentMethodRow, SubscriptionRow, TransactionRow } from '../repositories/billing.ts';
import type { OrganizationsRepository } from '../repositories/organizations.ts';
import type { PaymentGateway } from './payment-gateway.ts';

const YEAR_MS = 365 * 24 * 3600 * 1000;

export function toSubscription(row: SubscriptionRow, now = new Date(), paymentMethod?: PaymentMethodRow | null) {
  const active = row.currentPeriodEnd > now && !row.pastDue;
  const trial = active && row.trialEndsAt !== null && row.trialEndsAt > now;
  const status: SubscriptionStatus = !active
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
    status,
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

export const toPaymentMethod = (pm: PaymentMethodRow) => ({ id: pm.id, brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear });

export const toTransaction = (t: TransactionRow) => ({
  id: t.id,
  subscriptionId: t.subscriptionId,
  type: t.type,
  status: t.status,
  amount: t.amountCents / 100,
  currency: t.currency,
  description: t.description,
  createdAt: t.createdAt,
});

type Deps = { billing: BillingRepository; organizations: OrganizationsRepository; gateway: PaymentGateway; config: Pick<Config, 'billing'> };

/**
 * The billing rules: trials, yearly renewals charged to the saved card, cancellation and
 * reactivation, and registration that replays its answer for a repeated Idempotency-Key.
 */
export function createBillingService({ billing, organizations, gateway, config }: Deps) {
  /** Charges a subscription's card for a new year; throws 402 when `strict` and the card is declined. */
  async function charge(user: UserRow, sub: SubscriptionRow, key: string, description: string, strict: boolean) {
    const pm = sub.paymentMethodId ? await billing.paymentMethod(sub.paymentMethodId) : undefined;
    if (!pm) throw paymentRequired('Add a card to renew this subscription', 'NO_PAYMENT_METHOD');
    const result = await gateway.charge(pm.gatewayRef, sub.amountCents, sub.currency, key);
    return billing.transaction(async (tx) => {
      await tx.addTransaction({
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
        await tx.changeSubscription(sub.id, { pastDue: true });
        if (strict) throw paymentRequired('Your card was declined', 'CARD_DECLINED');
        return null;
      }
      const start = Math.max(Date.now(), sub.currentPeriodEnd.getTime());
      return tx.changeSubscription(sub.id, { currentPeriodEnd: new Date(start + YEAR_MS), pastDue: false, cancelAtPeriodEnd: false });
    });
  }

  /**
   * Renews personal subscriptions whose period has ended (a trial turning paid, or a yearly
   * renewal) by charging the saved card; a declined charge leaves the subscription past due.
   * Renewal happens when subscriptions are read, which the app does on every navigation.
   */
  async function renewDue(user: UserRow, now = new Date()) {
    for (const sub of await billing.dueForRenewal(user.id, now)) {
      if (!sub.paymentMethodId) continue;
      await charge(user, sub, `renew:${sub.id}:${sub.currentPeriodEnd.toISOString()}`, 'Annual subscription renewal', false);
    }
  }

  /** A subscription the user manages: their organization's is theirs to see but not to change. */
  async function ownSubscription(user: UserRow, id: string) {
    const sub = await billing.subscription(id);
    if (sub?.organizationId && (sub.organizationId === user.organizationId || (await isParentOf(sub.organizationId, user.organizationId)))) {
      throw forbidden('Your organization manages this subscription', 'ORGANIZATION_SUBSCRIPTION');
    }
    // Someone else's subscription is reported as missing, so ids cannot be probed.
    if (!sub || sub.userId !== user.id) throw notFound('Subscription not found');
    return sub;
  }

  async function isParentOf(parentId: string, organizationId: string | null) {
    if (!organizationId) return false;
    return (await organizations.parentId(organizationId)) === parentId;
  }

  return {
    /** The user's subscriptions and those of their school and district; 404 when there are none. */
    async subscriptions(user: UserRow, withCard: boolean) {
      await renewDue(user);
      const orgIds = [user.organizationId];
      if (user.organizationId) {
        const parentId = await organizations.parentId(user.organizationId);
        if (parentId) orgIds.push(parentId);
      }
      const list = await billing.subscriptionsFor(
        user.id,
        orgIds.filter((id): id is string => id !== null),
      );
      // The app's client reads this 404 as "no subscriptions" (spec §4, §8).
      if (!list.length) throw notFound('No subscriptions found', 'NO_SUBSCRIPTIONS');
      const cards = withCard ? await billing.paymentMethodsOf(user.id) : [];
      const now = new Date();
      return list.map((s) => toSubscription(s, now, withCard ? (cards.find((c) => c.id === s.paymentMethodId) ?? null) : undefined));
    },

    async cancel(user: UserRow, id: string) {
      const sub = await ownSubscription(user, id);
      if (!toSubscription(sub).isActive) throw conflict('This subscription has already ended', 'SUBSCRIPTION_ENDED');
      return toSubscription(await billing.changeSubscription(sub.id, { cancelAtPeriodEnd: true }));
    },

    /** Undoes a cancellation while the period runs; after it ended, charges a new year. */
    async reactivate(user: UserRow, id: string) {
      const sub = await ownSubscription(user, id);
      const view = toSubscription(sub);
      if (view.isActive && !sub.cancelAtPeriodEnd) throw conflict('This subscription is already active', 'ALREADY_ACTIVE');
      if (view.isActive) return toSubscription(await billing.changeSubscription(sub.id, { cancelAtPeriodEnd: false }));
      const renewed = await charge(user, sub, `reactivate:${sub.id}:${Date.now()}`, 'Annual subscription (reactivated)', true);
      return toSubscription(renewed!);
    },

    async paymentMethod(user: UserRow, subscriptionId: string) {
      const sub = await ownSubscription(user, subscriptionId);
      const pm = sub.paymentMethodId ? await billing.paymentMethod(sub.paymentMethodId) : undefined;
      if (!pm) throw notFound('This subscription has no card on file', 'NO_PAYMENT_METHOD');
      return toPaymentMethod(pm);
    },

    async replacePaymentMethod(user: UserRow, subscriptionId: string, paymentMethodToken: string) {
      const sub = await ownSubscription(user, subscriptionId);
      const card = await gateway.vault(paymentMethodToken);
      const pm = await billing.transaction(async (tx) => {
        const created = await tx.addPaymentMethod(user.id, card);
        await tx.changeSubscription(sub.id, { paymentMethodId: created.id });
        return created;
      });
      return toPaymentMethod(pm);
    },

    async transactions(user: UserRow) {
      return (await billing.transactionsOf(user.id)).map(toTransaction);
    },

    /**
     * Starts a subscription: a free trial for a first one, else a charged year. One transaction:
     * a concurrent duplicate blocks on the customer until this one commits, then replays its
     * answer. Failures roll the idempotency record back, so a retry re-runs.
     */
    register(user: UserRow, key: string, body: Schemas['RegistrationInput']): Promise<{ status: number; body: object }> {
      const requestHash = createHash('sha256')
        .update(JSON.stringify([body.paymentMethodToken, body.billingName ?? null, body.postalCode ?? null]))
        .digest('hex');
      return billing.transaction(async (tx) => {
        await tx.lockCustomer(user.id);
        if (!(await tx.claimIdempotencyKey(user.id, key, 'register', requestHash))) {
          const previous = await tx.idempotencyRecord(user.id, key);
          if (!previous || previous.operation !== 'register' || previous.requestHash !== requestHash) {
            throw unprocessable('This Idempotency-Key was used with a different request', 'IDEMPOTENCY_KEY_REUSED');
          }
          return { status: previous.responseStatus ?? 201, body: previous.responseBody as object };
        }

        const now = new Date();
        const existing = await tx.personalSubscriptions(user.id);
        if (existing.some((s) => toSubscription(s, now).isActive)) throw conflict('You already have an active subscription', 'ALREADY_SUBSCRIBED');

        const card = await gateway.vault(body.paymentMethodToken);
        const pm = await tx.addPaymentMethod(user.id, card);
        const { amountCents, currency, trialDays } = config.billing;
        const trial = existing.length === 0 && trialDays > 0;
        const periodEnd = new Date(now.getTime() + (trial ? trialDays * 24 * 3600 * 1000 : YEAR_MS));
        const sub = await tx.createSubscription({ userId: user.id, paymentMethodId: pm.id, trialEndsAt: trial ? periodEnd : null, currentPeriodEnd: periodEnd, amountCents, currency });

        // The card is part of the charge's key: a retry with another card is a new charge attempt.
        const charged = trial ? null : await gateway.charge(card.ref, amountCents, currency, `register:${user.id}:${key}:${card.ref}`);
        if (charged?.status === 'DECLINED') throw paymentRequired('Your card was declined', 'CARD_DECLINED');
        const txn = await tx.addTransaction({
          userId: user.id,
          subscriptionId: sub.id,
          type: trial ? 'VERIFICATION' : 'CHARGE',
          status: 'SUCCEEDED',
          amountCents: trial ? 0 : amountCents,
          currency,
          description: trial ? `Card verified for a ${trialDays}-day free trial` : 'Annual subscription',
          gatewayRef: charged?.ref ?? card.ref,
        });
        const response = JSON.parse(JSON.stringify({ subscription: toSubscription(sub, now), transaction: toTransaction(txn) })) as object;
        await tx.saveIdempotentResponse(user.id, key, 201, response);
        return { status: 201, body: response };
      });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
