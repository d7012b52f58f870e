import { sendParent, sendTo, setup } from 'xstate';
import type { ResponseBody } from '@/api/operations';
import { formMachine } from '@/machines/form/form.machine';
import type { FormInput } from '@/machines/form/form.types';
import { placeholderAction } from '@/machines/shared/placeholders';
import { createResourceMachine, loadAtStart } from '@/machines/shared/resource';

export type Certificate = ResponseBody<'createCertificate'>;

// The learning record's certificates: the list the learner has issued (newest first) and the
// form that issues one, both owned by this actor. The form answers it (its parent) with the new
// certificate; it then says so and loads the list again.

/** The certificates the learner has issued, newest first. */
export const certificateListMachine = createResourceMachine<Certificate[]>({ id: 'certificateList' });

/** The period form: once the server issued the certificate, the owner hears which. */
export const certificateForm = formMachine.provide({
  actions: { submitted: sendParent((_, { result }: { result: unknown }) => ({ type: 'certificates.issued', certificate: result as Certificate })) },
});

export type CertificatesEvent = { type: 'certificates.issued'; certificate: Certificate } | { type: 'screen.leave' };

/** The period the form starts with. */
export type CertificatesInput = { form: FormInput };

export const certificatesMachine = setup({
  types: {
    context: {} as CertificatesInput,
    events: {} as CertificatesEvent,
    input: {} as CertificatesInput,
  },
  actors: {
    list: certificateListMachine,
    form: certificateForm,
  },
  actions: {
    /** The success snackbar: how many strategies and hours the new certificate holds. */
    notifyIssued: placeholderAction<{ certificate: Certificate }>('notifyIssued'),
    reloadList: sendTo('list', { type: 'resource.reload' as const }),
  },
}).createMachine({
  id: 'certificates',
  context: ({ input }) => input,
  invoke: [
    { id: 'list', src: 'list', input: loadAtStart() },
    { id: 'form', src: 'form', input: ({ context }) => context.form },
  ],
  on: {
    'certificates.issued': { actions: [{ type: 'notifyIssued', params: ({ event }) => ({ certificate: event.certificate }) }, 'reloadList'] },
  },
});

export type CertificatesMachine = typeof certificatesMachine;
export type CertificateListMachine = typeof certificateListMachine;
