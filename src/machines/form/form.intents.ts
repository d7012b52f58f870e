import type { FormEvent, FormValues } from './form.types';

/** What a view (or the screen that owns a form) may ask of a form. */
export const formIntents = (send: (event: FormEvent) => void) => ({
  change: (field: string, value: unknown) => send({ type: 'form.change', field, value }),
  blur: (field: string) => send({ type: 'form.blur', field }),
  submit: () => send({ type: 'form.submit' }),
  reset: (values?: FormValues) => send({ type: 'form.reset', values }),
});
