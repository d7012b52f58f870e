import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Schemas, SubscriptionStatus } from '../contract.ts';
import type { UserRow } from '../auth/principal.ts';
import { conflict, forbidden, notFound, paymentRequired, unprocessable } from '../errors.ts';
import type { BillingRepository, PaymentMethodRow, SubscriptionRow, TransactionWithCard } from '../repositories/billing.ts';
import type { OrganizationsRepository } from '../repositories/organizations.ts';
import { createBackgroundMail, describeMailError, type Mailer } from './mailer.ts';
import type { PaymentGateway, VaultedCard } from './payment-gateway.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { receiptMail, receiptNumber, trialReminderMail, trialStartedMail, type Receipt } from './receipts.ts';
import { clock } from '../clock.ts';

const DAY_MS = 24 * 3600 * 1000;
const YEAR_MS = 365 * DAY_MS;
/** The trial-ending reminder goes out this long before the trial ends (docs/decisions.md, "Billing"). */
export const TRIAL_REMINDER_LEAD_MS = 3 * DAY_MS;

export function toSubscription(row: SubscriptionRow, now = clock.now(), paymentMethod?: PaymentMethodRow | null, organizationName: string | null = null) {
  // An organization's subscription the admin site scheduled gives access from its start only.
  const active = row.currentPeriodEnd > now && !row.pastDue && (!row.startsAt || row.startsAt <= now);
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
    /** Who provides access, for a school's or district's subscription. */
    organizationName: row.organizationId ? organizationName : null,
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

export const toTransaction = (t: TransactionWithCard) => ({
  id: t.id,
  subscriptionId: t.subscriptionId,
  type: t.type,
  status: t.status,
  amount: t.amountCents / 100,
  currency: t.currency,
  description: t.description,
  receiptNumber: receiptNumber(t.receiptSerial, t.createdAt),
  card: t.card,
  createdAt: t.createdAt,
});

const cardOf = (card: Pick<VaultedCard, 'brand' | 'last4'>) => ({ brand: card.brand, last4: card.last4 });
const nameOf = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
type Deps = {
  billing: BillingRepository;
  organizations: OrganizationsRepository;
  gateway: PaymentGateway;
  mailer: Mailer;
  log: Log;
  config: Pick<Config, 'billing' | 'publicUrl'>;
};

/**
 * The billing rules: trials, yearly renewals charged to the saved card, cancellation and
 * reactivation, and registration that replays its answer for a repeated Idempotency-Key.
 */
export function createBillingService({ billing, organizations, gateway, mailer, log, config }: Deps) {
  const billingUrl = `${config.publicUrl}/billing`;
  const background = createBackgroundMail(mailer, log);

  const receiptOf = (user: UserRow, transaction: TransactionWithCard): Receipt => ({
    transaction: { ...transaction, receiptNumber: receiptNumber(transaction.receiptSerial, transaction.createdAt) },
    customer: { name: nameOf(user), email: user.email },
  });

  /** The receipt e-mail of a successful charge, with its PDF; sent after the charge is committed, never failing it. */
  function mailReceipt(user: UserRow, transaction: TransactionWithCard) {
    const receipt = receiptOf(user, transaction);
    background.post(async () => receiptMail(receipt, await renderReceiptPdf(receipt, billingUrl), billingUrl), { mail: 'receipt', transactionId: transaction.id });
  }

  /** Charges a subscription's card for a new year; throws 402 when `strict` and the card is declined. */
  async function charge(user: UserRow, sub: SubscriptionRow, key: string, description: string, strict: boolean) {
    const pm = sub.paymentMethodId ? await billing.paymentMethod(sub.paymentMethodId) : undefined;
    if (!pm) throw paymentRequired('Add a card to renew this subscription', 'NO_PAYMENT_METHOD');
    const result = await gateway.charge(pm.gatewayRef, sub.amountCents, sub.currency, key);
    const renewed = await billing.transaction(async (tx) => {
      const transaction = await tx.addTransaction({
        userId: user.id,
        subscriptionId: sub.id,
        paymentMethodId: pm.id,
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
      const start = Math.max(clock.ms(), sub.currentPeriodEnd.getTime());
      const subscription = await tx.changeSubscription(sub.id, { currentPeriodEnd: new Date(start + YEAR_MS), pastDue: false, cancelAtPeriodEnd: false });
      return { subscription, transaction: { ...transaction, card: cardOf(pm) } };
    });
    if (renewed) mailReceipt(user, renewed.transaction);
    return renewed?.subscription ?? null;
  }

  /**
   * Renews personal subscriptions whose period has ended (a trial turning paid, or a yearly
   * renewal) by charging the saved card; a declined charge leaves the subscription past due.
   * Renewal happens when subscriptions are read, which the app does on every navigation.
   */
  async function renewDue(user: UserRow, now = clock.now()) {
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
      // Every signed-in page asks for this at start: three round trips instead of five, each
      // waiting only for what it needs (renewals change the list; the district and the cards do not).
      const [, parentId] = await Promise.all([renewDue(user), user.organizationId ? organizations.parentId(user.organizationId) : null]);
      const orgIds = [user.organizationId, parentId].filter((id): id is string => !!id);
      const [list, cards] = await Promise.all([billing.subscriptionsFor(user.id, orgIds), withCard ? billing.paymentMethodsOf(user.id) : []]);
      // The app's client reads this 404 as "no subscriptions" (spec §4, §8).
      if (!list.length) throw notFound('No subscriptions found', 'NO_SUBSCRIPTIONS');
      const now = clock.now();
      const names = await organizations.names([...new Set(list.flatMap((s) => (s.organizationId ? [s.organizationId] : [])))]);
      return list.map((s) =>
        toSubscription(s, now, withCard ? (cards.find((c) => c.id === s.paymentMethodId) ?? null) : undefined, s.organizationId ? (names.get(s.organizationId) ?? null) : null),
      );
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
      const renewed = await charge(user, sub, `reactivate:${sub.id}:${clock.ms()}`, 'Annual subscription (reactivated)', true);
      return toSubscription(renewed!);
    },

    async paymentMethod(user: UserRow, subscriptionId: string) {
      const sub = await ownSubscription(user, subscriptionId);
      const pm = sub.paymentMethodId ? await billing.paymentMethod(sub.paymentMethodId) : undefined;
      if (!pm) throw notFound('This subscription has no card on file', 'NO_PAYMENT_METHOD');
      return toPaymentMethod(pm);
    },

    /** A transaction's receipt as a PDF; someone else's transaction is not found, like an unknown one. */
    async receipt(user: UserRow, transactionId: string) {
      const transaction = await billing.transactionOf(user.id, transactionId);
      if (!transaction) throw notFound('Transaction not found', 'TRANSACTION_NOT_FOUND');
      const receipt = receiptOf(user, transaction);
      return { pdf: await renderReceiptPdf(receipt, billingUrl), fileName: `receipt-${receipt.transaction.receiptNumber}.pdf` };
    },

    /**
     * Sends the trial-ending reminders due at `now`: once per subscription, for trials ending in
     * the next three days that will be charged. A message that cannot be sent is given back to
     * the next run. Answers how many were sent.
     */
    async sendTrialReminders(now = clock.now()) {
      const due = await billing.claimTrialReminders(now, new Date(now.getTime() + TRIAL_REMINDER_LEAD_MS));
      let sent = 0;
      for (const { subscription, customer, card } of due) {
        try {
          await mailer.send(
            trialReminderMail({
              customer: { name: nameOf(customer), email: customer.email },
              trialEndsAt: subscription.trialEndsAt!,
              amountCents: subscription.amountCents,
              currency: subscription.currency,
              card,
              billingUrl,
            }),
          );
          sent++;
        } catch (err) {
          log.warn({ mail: 'trialReminder', subscriptionId: subscription.id, err: describeMailError(err) }, 'e-mail not sent');
          await billing.releaseTrialReminder(subscription.id, now);
        }
      }
      if (due.length) log.info({ sent, due: due.length }, 'trial reminders');
      return sent;
    },

    /** Waits for the e-mails under way (receipts, trial welcomes). */
    drain: () => background.drain(),

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
    async register(user: UserRow, key: string, body: Schemas['RegistrationInput']): Promise<{ status: number; body: object }> {
      type Registered = { status: number; body: object; created?: { subscription: SubscriptionRow; transaction: TransactionWithCard } };
      const requestHash = createHash('sha256')
        .update(JSON.stringify([body.paymentMethodToken, body.billingName ?? null, body.postalCode ?? null]))
        .digest('hex');
      const result = await billing.transaction(async (tx): Promise<Registered> => {
        await tx.lockCustomer(user.id);
        if (!(await tx.claimIdempotencyKey(user.id, key, 'register', requestHash))) {
          const previous = await tx.idempotencyRecord(user.id, key);
          if (!previous || previous.operation !== 'register' || previous.requestHash !== requestHash) {
            throw unprocessable('This Idempotency-Key was used with a different request', 'IDEMPOTENCY_KEY_REUSED');
          }
          return { status: previous.responseStatus ?? 201, body: previous.responseBody as object };
        }

        const now = clock.now();
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
        const txn = {
          ...(await tx.addTransaction({
            userId: user.id,
            subscriptionId: sub.id,
            paymentMethodId: pm.id,
            type: trial ? 'VERIFICATION' : 'CHARGE',
            status: 'SUCCEEDED',
            amountCents: trial ? 0 : amountCents,
            currency,
            description: trial ? `Card verified for a ${trialDays}-day free trial` : 'Annual subscription',
            gatewayRef: charged?.ref ?? card.ref,
          })),
          card: cardOf(card),
        };
        const response = JSON.parse(JSON.stringify({ subscription: toSubscription(sub, now), transaction: toTransaction(txn) })) as object;
        await tx.saveIdempotentResponse(user.id, key, 201, response);
        return { status: 201, body: response, created: { subscription: sub, transaction: txn } };
      });
      // E-mail only once the registration is committed, and only for the request that made it (not a replay).
      if (result.created) {
        const { subscription, transaction } = result.created;
        if (transaction.type === 'CHARGE') mailReceipt(user, transaction);
        else
          background.post(
            () =>
              trialStartedMail({
                customer: { name: nameOf(user), email: user.email },
                trialEndsAt: subscription.trialEndsAt!,
                amountCents: subscription.amountCents,
                currency: subscription.currency,
                card: transaction.card,
                billingUrl,
              }),
            { mail: 'trialStarted', subscriptionId: subscription.id },
          );
      }
      return { status: result.status, body: result.body };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
