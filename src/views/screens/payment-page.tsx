import { useSelector } from '@xstate/react';
import { longDate, money } from '@/lib/offer';
import { SUBSCRIPTION_AMOUNT, TRIAL_DAYS } from '@/lib/settings';
import { reactivateForm, subscriptionAction } from '@/machines/billing/billing.forms';
import { registrationScreen } from '@/machines/billing/registration.actors';
import { selectCardForm, selectIsPaying, selectPaymentError, selectRetry } from '@/machines/billing/registration.selectors';
import type { FormActorRef } from '@/machines/form/form.machine';
import { selectFormError } from '@/machines/form/form.selectors';
import { selectActiveSubscription, selectLatestSubscription, selectSubscriptions } from '@/machines/subscriptions/subscriptions.selectors';
import type { Subscription } from '@/machines/shared/domain';
import { errorMessage } from '@/lib/messages';
import { LazyCardFields } from '@/views/billing/lazy-card-fields';
import { ReplaceWith } from '@/views/components/replace-with';
import * as styles from '@/views/billing/billing.css';
import { useForm } from '@/views/components/form/use-form';
import { useAuth } from '@/views/hooks/use-auth';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BrandMark, PRODUCT_NAME } from '@/views/layout/brand';
import { Button } from '@/views/layout/button';
import { IncludedList } from '@/views/layout/included-list';
import * as offer from '@/views/layout/upgrade-dialog.css';
import { useRoot } from '@/views/root-context';
import * as page from '@/views/components/page.css';

// /payment (spec §2, §4 guard step 5): the offer and the card form. A first subscription
// starts with a free trial (the card is verified, nothing is charged); a returning subscriber
// pays for the year now. Paying reloads the subscriptions and the guard takes the user on.

const DAY = 24 * 60 * 60 * 1000;

function Offer({ trial }: { trial: boolean }) {
  const firstCharge = longDate(new Date(Date.now() + TRIAL_DAYS * DAY));
  return (
    <section className={styles.offer} aria-labelledby="offer-heading">
      <p className={offer.eyebrow}>Annual plan</p>
      <h2 id="offer-heading" className={styles.offerHeading}>
        Everything in {PRODUCT_NAME}
      </h2>
      <p className={offer.price}>
        <span className={offer.amount}>{money(SUBSCRIPTION_AMOUNT)}</span>
        <span className={offer.period}>per year</span>
      </p>
      {trial ? (
        <p className={styles.trialNote}>
          <strong>{TRIAL_DAYS} days free.</strong> Nothing is charged today. Your first payment of {money(SUBSCRIPTION_AMOUNT)} is on{' '}
          {firstCharge} unless you cancel before then.
        </p>
      ) : (
        <p className={styles.trialNote}>
          <strong>Welcome back.</strong> You pay {money(SUBSCRIPTION_AMOUNT)} today for a year of access; your saved progress is waiting for
          you.
        </p>
      )}
      <IncludedList />
      <p className={styles.fine}>Cancel anytime from Billing. Your school or district can also give you access.</p>
    </section>
  );
}

function PayForm({ form, trial, paying, retry, failure }: { form: FormActorRef; trial: boolean; paying: boolean; retry: { retry: number; of: number } | null; failure: string | null }) {
  const { onSubmit, submitting } = useForm(form);
  const formError = useSelector(form, selectFormError);
  const message = failure ?? (formError ? errorMessage(formError) : null);
  const busy = paying || submitting;
  return (
    <section className={styles.payment} aria-labelledby="payment-heading">
      <h2 id="payment-heading" className={styles.sectionHeading}>
        Payment details
      </h2>
      <form onSubmit={onSubmit} noValidate aria-describedby={message ? 'payment-error' : undefined}>
        <LazyCardFields form={form} />
        <div className={styles.alertSlot}>
          {message && (
            <p id="payment-error" role="alert" className={styles.alert}>
              {message}
            </p>
          )}
          <p role="status" className={styles.statusLine}>
            {retry ? `The connection dropped. Trying again (${retry.retry} of ${retry.of})…` : ''}
          </p>
        </div>
        <Button type="submit" block disabled={busy} aria-disabled={busy}>
          {busy ? 'Processing…' : trial ? 'Start free trial' : `Pay ${money(SUBSCRIPTION_AMOUNT)}`}
        </Button>
        <p className={styles.secure}>Your card goes straight to our payment provider. We never see or store the full number.</p>
      </form>
    </section>
  );
}

/**
 * A returning subscriber whose card is still on file renews with it in one click (the server
 * charges that card: PUT …/subscriptions/{id}); the card form below stays for another card.
 */
function CardOnFile({ subscription }: { subscription: Subscription & { paymentMethod: NonNullable<Subscription['paymentMethod']> } }) {
  const actor = useScreenActor(reactivateForm, { input: { ...subscriptionAction(subscription.id), formErrors: 'inline' } });
  const { onSubmit, submitting } = useForm(actor);
  const formError = useSelector(actor, selectFormError);
  const message = formError ? errorMessage(formError) : null;
  const card = subscription.paymentMethod;
  return (
    <section className={styles.payment} aria-labelledby="card-on-file-heading">
      <h2 id="card-on-file-heading" className={styles.sectionHeading}>
        Your card on file
      </h2>
      <form onSubmit={onSubmit} noValidate aria-describedby={message ? 'card-on-file-error' : undefined}>
        <p>
          {card.brand} •••• {card.last4}, expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
        </p>
        <div className={styles.alertSlot}>
          {message && (
            <p id="card-on-file-error" role="alert" className={styles.alert}>
              {message}
            </p>
          )}
        </div>
        <Button type="submit" block disabled={submitting} aria-disabled={submitting}>
          {submitting ? 'Processing…' : `Reactivate for ${money(subscription.amount, subscription.currency)}`}
        </Button>
        <p className={styles.secure}>Or pay with another card below.</p>
      </form>
    </section>
  );
}

export function PaymentPage() {
  const { logout } = useAuth();
  const { subscriptions } = useRoot();
  const actor = useScreenActor(registrationScreen, { input: {} });
  const form = useSelector(actor, selectCardForm);
  const paying = useSelector(actor, selectIsPaying);
  const retry = useSelector(actor, selectRetry);
  const failure = useSelector(actor, selectPaymentError);
  // A first subscription starts with the trial; anyone who had one before pays now.
  const trial = useSelector(subscriptions, (snapshot) => !selectSubscriptions(snapshot).some((s) => s.source === 'PERSONAL'));
  const latest = useSelector(subscriptions, selectLatestSubscription);
  const onFile = !trial && latest?.source === 'PERSONAL' && !latest.isActive && latest.paymentMethod ? { ...latest, paymentMethod: latest.paymentMethod } : null;
  // Access gained on this page (the card on file renewed it): on to the app, as the guard sends
  // anyone with access away from /payment (spec §3).
  const hasAccess = useSelector(subscriptions, (snapshot) => selectActiveSubscription(snapshot) !== null);

  return (
    <div className={page.frame}>
      {hasAccess && <ReplaceWith to="/" />}
      <header className={page.brand}>
        <BrandMark />
      </header>
      <main className={styles.paymentCard}>
        <h1 className={styles.pageTitle}>{trial ? `Start your ${TRIAL_DAYS}-day free trial` : 'Renew your subscription'}</h1>
        <div className={styles.paymentGrid}>
          <Offer trial={trial} />
          <div className={styles.paymentOptions}>
            {onFile && <CardOnFile subscription={onFile} />}
            {form && <PayForm form={form} trial={trial} paying={paying} retry={retry} failure={failure} />}
          </div>
        </div>
        <p className={styles.signOut}>
          Not you, or paying later?{' '}
          <button type="button" className={styles.linkButton} onClick={logout}>
            Sign out
          </button>
        </p>
      </main>
    </div>
  );
}
