import type { FormActorRef } from '@/machines/form/form.machine';
import { TextField } from '@/views/components/form/text-field';
import * as styles from '@/views/billing/billing.css';

// The sandbox gateway's card fields (README, "Payments"): loaded only when a card is entered. A
// real gateway's hosted fields (Stripe Elements, Braintree) take this place; the card goes to
// the gateway and our API only ever sees the token it answers.

/** Name, number, expiry, CVC and postal code, bound to a card form. */
export default function CardFields({ form }: { form: FormActorRef }) {
  return (
    <div className={styles.cardFields}>
      <p className={styles.testMode}>
        <strong>Test mode.</strong> Pay with 4242 4242 4242 4242, any future date and any CVC. 4000 0000 0000 0002 is declined.
      </p>
      <TextField form={form} name="name" autoComplete="cc-name" />
      <TextField form={form} name="number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" />
      <div className={styles.fieldRow}>
        <TextField form={form} name="expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" />
        <TextField form={form} name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
      </div>
      <TextField form={form} name="postalCode" autoComplete="postal-code" />
    </div>
  );
}
