import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { errorMessage } from '@/lib/messages';
import { longDate, money } from '@/lib/offer';
import { PRODUCT_NAME } from '@/views/layout/brand';
import { PAYMENT_SUPPORT_EMAIL } from '@/lib/settings';
import {
  cancelForm,
  reactivateForm,
  receiptForm,
  receiptInput,
  billingScreen,
  subscriptionAction,
  updateCardForm,
  updateCardInput,
} from '@/machines/billing/billing.forms';
import { selectTransactionsTable } from '@/machines/billing/billing.selectors';
import type { Transaction } from '@/machines/billing/billing.types';
import type { FormActorRef } from '@/machines/form/form.machine';
import { selectFormError, selectIsDone } from '@/machines/form/form.selectors';
import { selectUser } from '@/machines/identity/identity.selectors';
import type { Subscription } from '@/machines/shared/domain';
import { selectAreSubscriptionsLoading, selectShownSubscription, selectSubscriptions } from '@/machines/subscriptions/subscriptions.selectors';
import { LazyCardFields } from '@/views/billing/lazy-card-fields';
import * as styles from '@/views/billing/billing.css';
import { subscriptionStatus } from '@/views/billing/subscription-status';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import { useForm } from '@/views/components/form/use-form';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BaseCard } from '@/views/layout/base-card';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import { Button, ButtonLink } from '@/views/layout/button';
import { button } from '@/views/layout/button.css';
import { PageLayout } from '@/views/layout/page-layout';
import { daysLeft } from '@/views/layout/trial';
import { useRoot } from '@/views/root-context';

// /billing (spec §4): the plan shown is the active subscription, else the latest; its
// state in words; cancel (access continues to the period's end) and reactivate; the card on
// file and a new one through the gateway's fields; every payment with its receipt. Members whose
// access comes from their organization, and free-access users, are told so instead.

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function BillingPage() {
  const { identity, subscriptions } = useRoot();
  const user = useSelector(identity, selectUser);
  const list = useSelector(subscriptions, selectSubscriptions);
  const loading = useSelector(subscriptions, selectAreSubscriptionsLoading) && list.length === 0;
  const shown = useSelector(subscriptions, selectShownSubscription);

  let main;
  if (loading) main = <BaseCard title="Your plan"><p className={styles.muted}>Loading your plan…</p></BaseCard>;
  else if (user?.hasFreeAccess) main = <FreeAccessCard />;
  else if (shown?.source === 'ORGANIZATION') main = <OrganizationCard name={shown.organizationName ?? user?.organizationName ?? 'your organization'} subscription={shown} />;
  else if (shown) main = <PlanCard key={shown.id} subscription={shown} />;
  else main = <NoPlanCard />;

  return (
    <PageLayout title="Billing" header={<p>Your plan, your card and your payments. Questions? Write to <a href={`mailto:${PAYMENT_SUPPORT_EMAIL}`}>{PAYMENT_SUPPORT_EMAIL}</a>.</p>}>
      <div className={styles.grid}>
        {main}
        {shown?.source === 'PERSONAL' && !user?.hasFreeAccess && <PaymentMethodCard key={shown.id} subscription={shown} />}
        <div className={styles.wide}>
          <TransactionsCard />
        </div>
      </div>
    </PageLayout>
  );
}

function FreeAccessCard() {
  return (
    <BaseCard title="Your plan">
      <p className={styles.planName}>Free access</p>
      <p className={styles.statusText}>You have free access to everything in {PRODUCT_NAME}. There is nothing to pay.</p>
    </BaseCard>
  );
}

function OrganizationCard({ name, subscription }: { name: string; subscription: Subscription }) {
  const status = subscriptionStatus(subscription);
  return (
    <BaseCard title="Your plan">
      <div className={styles.planHeader}>
        <p className={styles.planName}>Your access is provided by {name}</p>
        <span className={styles.badge[subscription.isActive ? 'ok' : 'ended']}>{subscription.isActive ? 'Active' : 'Lapsed'}</span>
      </div>
      <p className={styles.statusText}>
        {subscription.isActive ? `Your organization's subscription runs until ${longDate(subscription.currentPeriodEnd)}.` : status.sentence}
      </p>
      <p className={styles.muted}>Your school or district manages this subscription: there is nothing for you to pay. Questions about access go to your administrator.</p>
    </BaseCard>
  );
}

function NoPlanCard() {
  return (
    <BaseCard title="Your plan" actions={<ButtonLink to="/payment">Choose a plan</ButtonLink>}>
      <p className={styles.planName}>No subscription</p>
      <p className={styles.statusText}>You don't have a subscription yet.</p>
    </BaseCard>
  );
}

function TrialMeter({ subscription }: { subscription: Subscription }) {
  const left = daysLeft(subscription.trialEndsAt) ?? 0;
  const total = Math.max(1, Math.round((Date.parse(subscription.trialEndsAt ?? subscription.currentPeriodEnd) - Date.parse(subscription.createdAt)) / 86_400_000));
  const used = Math.min(100, Math.max(0, Math.round(((total - left) / total) * 100)));
  return (
    <div className={styles.trialMeter}>
      <p className={styles.trialDays}>
        {left === 0 ? 'Your free trial ends today' : `${left} ${left === 1 ? 'day' : 'days'} left in your free trial`}
      </p>
      <div className={styles.meterTrack} role="meter" aria-label="Free trial used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={used} aria-valuetext={`${left} of ${total} days left`}>
        <div className={styles.meterFill} style={{ width: `${used}%` }} />
      </div>
    </div>
  );
}

function PlanCard({ subscription }: { subscription: Subscription }) {
  const status = subscriptionStatus(subscription);
  const cancel = useScreenActor(cancelForm, { input: subscriptionAction(subscription.id) });
  const reactivate = useScreenActor(reactivateForm, { input: subscriptionAction(subscription.id) });
  const reactivation = useForm(reactivate);
  const [confirming, setConfirming] = useState(false);
  const cancelled = useSelector(cancel, selectIsDone);
  const { reset: resetCancel } = useForm(cancel);
  const canCancel = subscription.isActive && !subscription.cancelAtPeriodEnd;
  const nextPayment = subscription.isActive && !subscription.cancelAtPeriodEnd;

  return (
    <BaseCard
      title="Your plan"
      actions={
        canCancel ? (
          <Button
            tone="secondary"
            size="sm"
            onClick={() => {
              resetCancel();
              setConfirming(true);
            }}
          >
            Cancel subscription
          </Button>
        ) : (
          <form onSubmit={reactivation.onSubmit}>
            <Button type="submit" size="sm" disabled={reactivation.submitting}>
              {reactivation.submitting ? 'Reactivating…' : subscription.isActive ? 'Keep my subscription' : `Reactivate for ${money(subscription.amount, subscription.currency)}`}
            </Button>
          </form>
        )
      }
    >
      <div className={styles.planHeader}>
        <div>
          <p className={styles.planName}>{PRODUCT_NAME} · Annual</p>
          <p className={styles.planPrice}>{money(subscription.amount, subscription.currency)} per year</p>
        </div>
        <span className={styles.badge[status.tone]}>{status.badge}</span>
      </div>
      <p className={styles.statusText}>{status.sentence}</p>
      {subscription.isTrialActive && !subscription.cancelAtPeriodEnd && <TrialMeter subscription={subscription} />}
      <dl className={styles.facts}>
        <dt className={styles.factLabel}>Member since</dt>
        <dd className={styles.factValue}><time dateTime={subscription.createdAt}>{longDate(subscription.createdAt)}</time></dd>
        {nextPayment && (
          <>
            <dt className={styles.factLabel}>Next payment</dt>
            <dd className={styles.factValue}>
              {money(subscription.amount, subscription.currency)} on {longDate(subscription.currentPeriodEnd)}
            </dd>
          </>
        )}
        {subscription.cancelAtPeriodEnd && subscription.isActive && (
          <>
            <dt className={styles.factLabel}>Access until</dt>
            <dd className={styles.factValue}><time dateTime={subscription.currentPeriodEnd}>{longDate(subscription.currentPeriodEnd)}</time></dd>
          </>
        )}
      </dl>
      {confirming && !cancelled && <CancelDialog subscription={subscription} form={cancel} onClose={() => setConfirming(false)} />}
    </BaseCard>
  );
}

function CancelDialog({ subscription, form, onClose }: { subscription: Subscription; form: FormActorRef; onClose: () => void }) {
  const { onSubmit, submitting } = useForm(form);
  const end = longDate(subscription.currentPeriodEnd);
  return (
    <ModalDialog
      title="Cancel your subscription?"
      role="alertdialog"
      onClose={onClose}
      dismissable={!submitting}
      intro={
        <>
          You keep full access until <strong>{end}</strong>, and nothing more is charged. Your progress stays saved: reactivate anytime before
          or after that date and carry on where you left off.
        </>
      }
    >
      <form onSubmit={onSubmit}>
        <DialogActions>
          <Button tone="secondary" onClick={onClose} disabled={submitting} autoFocus>
            Keep subscription
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Cancelling…' : 'Cancel subscription'}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}

function PaymentMethodCard({ subscription }: { subscription: Subscription }) {
  const form = useScreenActor(updateCardForm, { input: updateCardInput(subscription.id) });
  const { reset } = useForm(form);
  // Open until the new card is saved; each opening starts with empty fields.
  const [open, setOpen] = useState(false);
  const saved = useSelector(form, selectIsDone);
  const card = subscription.paymentMethod;
  return (
    <BaseCard
      title="Payment method"
      actions={
        <Button
          tone="secondary"
          size="sm"
          onClick={() => {
            reset();
            setOpen(true);
          }}
        >
          {card ? 'Update card' : 'Add a card'}
        </Button>
      }
    >
      {card ? (
        <div className={styles.cardOnFile}>
          <span className={styles.cardIcon} aria-hidden="true">
            {BRAND_MARKS[card.brand] ?? card.brand.toUpperCase().slice(0, 4)}
          </span>
          <div>
            <p className={styles.cardLine}>
              {card.brand} ending in {card.last4}
            </p>
            <p className={styles.muted}>
              Expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
            </p>
          </div>
        </div>
      ) : (
        <p className={styles.muted}>No card on file.</p>
      )}
      {open && !saved && <UpdateCardDialog form={form} onClose={() => setOpen(false)} />}
    </BaseCard>
  );
}

function UpdateCardDialog({ form, onClose }: { form: FormActorRef; onClose: () => void }) {
  const { onSubmit, submitting } = useForm(form);
  const failure = useSelector(form, selectFormError);
  return (
    <ModalDialog title="Update your card" intro="The new card is used for your next payment. Nothing is charged now." onClose={onClose} dismissable={!submitting}>
      <form onSubmit={onSubmit} noValidate>
        <LazyCardFields form={form} />
        <div className={styles.alertSlot}>
          {failure !== null && (
            <p role="alert" className={styles.alert}>
              {errorMessage(failure)}
            </p>
          )}
        </div>
        <DialogActions>
          <Button tone="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving…' : 'Save card'}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}

const BRAND_MARKS: Record<string, string> = { Visa: 'VISA', Mastercard: 'MC', 'American Express': 'AMEX' };

/** A $0 card check reads "Verified", a charge "Paid", a refused one "Declined". */
const statusText = (row: Transaction) => (row.status === 'DECLINED' ? 'Declined' : row.type === 'VERIFICATION' ? 'Verified' : row.type === 'REFUND' ? 'Refunded' : 'Paid');

function ReceiptButton({ transaction }: { transaction: Transaction }) {
  const form = useScreenActor(receiptForm, { input: receiptInput(transaction.id) });
  const { onSubmit, submitting } = useForm(form);
  return (
    <form onSubmit={onSubmit}>
      <button
        className={button({ tone: 'ghost', size: 'sm' })}
        type="submit"
        disabled={submitting}
        aria-label={`Receipt ${transaction.receiptNumber} (PDF)`}
      >
        {submitting ? 'Preparing…' : 'Receipt'}
      </button>
    </form>
  );
}

const COLUMNS: DataTableColumn<Transaction>[] = [
  { key: 'createdAt', label: 'Date', sortable: true, render: (row) => dayFormat.format(new Date(row.createdAt)) },
  {
    key: 'description',
    label: 'Description',
    sortable: true,
    isRowHeader: true,
    render: (row) => (
      <span>
        {row.description}
        {row.card && <span className={styles.muted}> · {row.card.brand} •••• {row.card.last4}</span>}
      </span>
    ),
  },
  { key: 'amount', label: 'Amount', sortable: true, align: 'end', render: (row) => <span className={styles.amountCell}>{money(row.amount, row.currency)}</span> },
  { key: 'status', label: 'Status', sortable: true, render: (row) => <span className={styles.statusChip[row.status]}>{statusText(row)}</span> },
  { key: 'receipt', label: 'Receipt', render: (row) => (row.status === 'SUCCEEDED' ? <ReceiptButton transaction={row} /> : '—') },
];

function TransactionsCard() {
  const billing = useScreenActor(billingScreen);
  const table = useSelector(billing, selectTransactionsTable);
  return (
    <BaseCard title="Payment history">
      <DataTable actor={table} columns={COLUMNS} label="Payment history" hideLabel emptyState={<p className={styles.emptyText}>No payments yet.</p>} />
    </BaseCard>
  );
}
