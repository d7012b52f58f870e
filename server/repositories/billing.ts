import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { iso, keptPlan, rows, type Db } from '../db/client.ts';
import { defineRepository } from './define.ts';
import { idempotencyRecords, paymentMethods, subscriptions, transactions, users } from '../db/schema.ts';
import type { UserRow } from '../auth/principal.ts';
import type { VaultedCard } from '../services/payment-gateway.ts';
import { transactional } from './transactional.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
/** A transaction with the card it was made with (brand and last four digits only). */
export type TransactionWithCard = TransactionRow & { card: { brand: string; last4: string } | null };
/** A personal trial about to end, with what its reminder says: who, which card. */
export type TrialReminder = {
  subscription: SubscriptionRow;
  customer: { email: string; firstName: string; lastName: string };
  card: { brand: string; last4: string } | null;
};

const withCard = { transaction: transactions, brand: paymentMethods.brand, last4: paymentMethods.last4 };
const toWithCard = (r: { transaction: TransactionRow; brand: string | null; last4: string | null }): TransactionWithCard => ({
  ...r.transaction,
  card: r.brand !== null && r.last4 !== null ? { brand: r.brand, last4: r.last4 } : null,
});

/**
 * A subscription `s` that gives the user access now: running, paid, started, and the user's own,
 * their school's or their school's district's. One fragment, so whether a user has access and
 * until when can never disagree.
 */
const givesAccess = (user: Pick<UserRow, 'id' | 'organizationId'>, now: Date) =>
  sql`s.current_period_end > ${now} and not s.past_due and (s.starts_at is null or s.starts_at <= ${now})
      and (s.user_id = ${user.id}
           or s.organization_id = ${user.organizationId}
           or s.organization_id = (select parent_id from organizations where id = ${user.organizationId}))`;

type SubscriptionChange = Partial<Pick<SubscriptionRow, 'cancelAtPeriodEnd' | 'pastDue' | 'currentPeriodEnd' | 'paymentMethodId'>>;

function billingQueries(db: Db) {
  return {
    /** An active subscription of the user's own, of their school, or of their school's district. */
    async hasActiveSubscription(user: Pick<UserRow, 'id' | 'organizationId'>, now: Date) {
      const [row] = await rows<{ active: boolean }>(db, keptPlan(sql`select exists (select 1 from subscriptions s where ${givesAccess(user, now)}) as active`));
      return row?.active === true;
    },

    /** The latest period end among the subscriptions that give the user access now, or null when none does. */
    async accessUntil(user: Pick<UserRow, 'id' | 'organizationId'>, now: Date): Promise<Date | null> {
      const [row] = await rows<{ until: string | null }>(db, keptPlan(sql`select ${iso(sql`max(s.current_period_end)`)} as until from subscriptions s where ${givesAccess(user, now)}`));
      return row?.until ? new Date(row.until) : null;
    },

    async subscription(id: string): Promise<SubscriptionRow | undefined> {
      const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return sub;
    },

    personalSubscriptions: (userId: string) => db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),

    /** The user's own subscriptions and those of the given organizations, newest first. */
    subscriptionsFor: (userId: string, organizationIds: string[]) =>
      db
        .select()
        .from(subscriptions)
        .where(or(eq(subscriptions.userId, userId), ...organizationIds.map((id) => and(eq(subscriptions.organizationId, id), isNull(subscriptions.userId)))))
        .orderBy(desc(subscriptions.createdAt)),

    /** Personal subscriptions whose period has ended and that are neither canceled nor past due. */
    dueForRenewal: (userId: string, now: Date) =>
      db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.currentPeriodEnd} <= ${now}`, eq(subscriptions.cancelAtPeriodEnd, false), eq(subscriptions.pastDue, false))),

    async createSubscription(values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
      const [sub] = await db.insert(subscriptions).values(values).returning();
      return sub!;
    },

    async changeSubscription(id: string, change: SubscriptionChange): Promise<SubscriptionRow> {
      const [sub] = await db.update(subscriptions).set(change).where(eq(subscriptions.id, id)).returning();
      return sub!;
    },

    async paymentMethod(id: string): Promise<PaymentMethodRow | undefined> {
      const [pm] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
      return pm;
    },

    paymentMethodsOf: (userId: string) => db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)),

    async addPaymentMethod(userId: string, card: VaultedCard): Promise<PaymentMethodRow> {
      const [pm] = await db
        .insert(paymentMethods)
        .values({ userId, gatewayRef: card.ref, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear })
        .returning();
      return pm!;
    },

    async addTransaction(values: typeof transactions.$inferInsert): Promise<TransactionRow> {
      const [txn] = await db.insert(transactions).values(values).returning();
      return txn!;
    },

    async transactionsOf(userId: string): Promise<TransactionWithCard[]> {
      const found = await db
        .select(withCard)
        .from(transactions)
        .leftJoin(paymentMethods, eq(paymentMethods.id, transactions.paymentMethodId))
        .where(eq(transactions.userId, userId))
        .orderBy(desc(transactions.createdAt), desc(transactions.receiptSerial));
      return found.map(toWithCard);
    },

    /** One of the user's transactions; someone else's is not found. */
    async transactionOf(userId: string, id: string): Promise<TransactionWithCard | undefined> {
      const [found] = await db
        .select(withCard)
        .from(transactions)
        .leftJoin(paymentMethods, eq(paymentMethods.id, transactions.paymentMethodId))
        .where(and(eq(transactions.id, id), eq(transactions.userId, userId)));
      return found && toWithCard(found);
    },

    /**
     * Claims the reminders due: personal trials ending in (now, until] that will be charged (not
     * canceled, a card on file) and were not reminded. One UPDATE marks and returns them, so of
     * two processes running this at once each row goes to one of them only.
     */
    async claimTrialReminders(now: Date, until: Date): Promise<TrialReminder[]> {
      const claimed = await db
        .update(subscriptions)
        .set({ trialReminderSentAt: now })
        .where(
          and(
            isNull(subscriptions.trialReminderSentAt),
            isNotNull(subscriptions.userId),
            isNotNull(subscriptions.paymentMethodId),
            gt(subscriptions.trialEndsAt, now),
            lte(subscriptions.trialEndsAt, until),
            eq(subscriptions.cancelAtPeriodEnd, false),
            eq(subscriptions.pastDue, false),
          ),
        )
        .returning();
      if (!claimed.length) return [];
      const details = await db
        .select({ id: subscriptions.id, email: users.email, firstName: users.firstName, lastName: users.lastName, brand: paymentMethods.brand, last4: paymentMethods.last4 })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .leftJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
        .where(inArray(subscriptions.id, claimed.map((s) => s.id)));
      return claimed.flatMap((subscription) => {
        const d = details.find((x) => x.id === subscription.id);
        if (!d) return [];
        return [{ subscription, customer: { email: d.email, firstName: d.firstName, lastName: d.lastName }, card: d.brand !== null && d.last4 !== null ? { brand: d.brand, last4: d.last4 } : null }];
      });
    },

    /** Gives a claimed reminder back (its message could not be sent), so a later run sends it. */
    async releaseTrialReminder(subscriptionId: string, claimedAt: Date) {
      await db
        .update(subscriptions)
        .set({ trialReminderSentAt: null })
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.trialReminderSentAt, claimedAt)));
    },

    /** Serializes the customer's billing changes: a concurrent one waits until this transaction ends. */
    async lockCustomer(userId: string) {
      await db.execute(sql`select id from users where id = ${userId} for update`);
    },

    /** Claims an idempotency key for a request; false when the key was claimed before. */
    async claimIdempotencyKey(userId: string, key: string, operation: string, requestHash: string) {
      const claimed = await db.insert(idempotencyRecords).values({ userId, key, operation, requestHash }).onConflictDoNothing().returning();
      return claimed.length > 0;
    },

    async idempotencyRecord(userId: string, key: string) {
      const [record] = await db
        .select()
        .from(idempotencyRecords)
        .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key)));
      return record;
    },

    async saveIdempotentResponse(userId: string, key: string, status: number, body: object) {
      await db
        .update(idempotencyRecords)
        .set({ responseStatus: status, responseBody: body })
        .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key)));
    },
  };
}

/** Subscriptions, payment methods, transactions and the idempotency records of billing requests. */
export const createBillingRepository = (db: Db) => transactional(db, billingQueries);
export type BillingRepository = ReturnType<typeof createBillingRepository>;

declare module './repositories.ts' {
  interface Repositories {
    billing: BillingRepository;
  }
}

export default defineRepository('billing', createBillingRepository);
