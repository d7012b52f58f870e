import type { SnapshotFrom } from 'xstate';
import type { FormMachine } from '@/machines/form/form.machine';

type FormSnapshot = SnapshotFrom<FormMachine>;

/**
 * The address the demo link went to, once the form was taken (the server's answer names it),
 * and while the same address asks for it again.
 */
export function selectDemoLinkSentTo(s: FormSnapshot): string | null {
  const sentTo = (s.context.result as { email?: string } | null)?.email ?? null;
  const asked = String(s.context.values.email ?? '').trim().toLowerCase();
  return sentTo && sentTo === asked && (s.matches('done') || s.hasTag('submitting')) ? sentTo : null;
}

/**
 * What the demo page says when its link did not start the demo. A malformed link (the server's
 * 400 names a schema rule, not something a reader can act on) is as invalid as an unknown one.
 */
export function demoLinkMessage(failure: { code: string; message: string }): string {
  return failure.code === 'BAD_REQUEST' ? 'This link is not valid: ask for a new one' : failure.message;
}
