import { lazy, Suspense } from 'react';
import type { FormActorRef } from '@/machines/form/form.machine';
import * as styles from '@/views/billing/billing.css';

// The card fields are the gateway's: their chunk loads when a card form shows, never before.
const CardFields = lazy(() => import('@/views/billing/card-fields'));

export function LazyCardFields({ form }: { form: FormActorRef }) {
  return (
    <Suspense fallback={<div className={styles.fieldsLoading} role="status">Loading secure card fields…</div>}>
      <CardFields form={form} />
    </Suspense>
  );
}
