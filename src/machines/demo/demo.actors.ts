import { startDemo } from '@/api/operations';
import { EMAIL_RULES } from '@/lib/validation/fields';
import { authIntents } from '@/machines/auth/auth.intents';
import { defineForm } from '@/machines/form/form.actors';
import type { FormInput } from '@/machines/form/form.types';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { demoLinkMachine } from './demo.machine';

// The demo's two steps: an address asks for a link (the form), and the e-mailed link starts the
// demo (the link screen). An address alone never signs anybody in.

export const DEMO_FORM: FormInput = {
  fields: { email: { rules: EMAIL_RULES } },
  formErrors: 'inline',
};

/** E-mails the demo link to the address; sending it again (the same values) sends a new link. */
export const demoForm = defineForm('demoForm', {
  submit: ({ api }, values, signal) => startDemo(api, { email: String(values.email).trim() }, { signal }),
});

export const demoLinkScreen = defineScreen('demoLink', ({ actors }) =>
  demoLinkMachine.provide({
    actions: { startDemo: (_, params) => bindIntents(actors.auth, authIntents).startDemo(params.ticket) },
  }),
);
