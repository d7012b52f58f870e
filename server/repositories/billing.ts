import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { idempotencyRecords, paymentMethods, subscriptions, transactions } from '../db/schema.ts';
import type { UserRow } from '../auth/principal.ts';
import type { VaultedCard } from '../services/payment-gateway.ts';
import { transactional } from './transactional.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;

type SubscriptionChange = Partial<Pick<SubscriptionRow, 'cancelAtPeriodEnd' | 'pastDue' | 'currentPeriodEnd' | 'paymentMethodId'>>;

function billingQueries(db: Db) {
  return {
    /** An active subscription of the user's own, of their school, or of their school's district. */
    async hasActiveSubscription(user: Pick<UserRow, 'id' | 'organizationId'>, now: Date) {
      const [row] = await rows<{ active: boolean }>(
        db,
        sql`select exists (
              select 1 from subscriptions s
              where s.current_period_end > ${now} and not s.past_due
                and (s.user_id = ${user.id}
                     or s.organization_id = ${user.organizationId}
                     or s.organization_id = (select parent_id from organizations where id = ${user.organizationId}))
            ) as active`,
      );
      return row?.active === true;
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

    transactionsOf: (userId: string) => db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(desc(transactions.createdAt)),

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
