import { createCertificate, exportInteractions, getCertificatePdf, listCertificates } from '@/api/operations';
import { parseTableQuery } from '@/lib/paging';
import { required } from '@/lib/validation/rules';
import { defineForm, formLogic } from '@/machines/form/form.actors';
import type { FormInput } from '@/machines/form/form.types';
import { bindIntents } from '@/machines/shared/intents';
import { defineScreen } from '@/machines/shared/screen';
import { withFetch } from '@/machines/shared/resource';
import { snackbarIntents } from '@/machines/snackbar/snackbar.intents';
import { tableConfig } from '@/machines/table/table.logic';
import { certificateForm, certificateListMachine, certificatesMachine } from './learning.machine';
import { progressQuery, progressTableInput } from './learning.types';

// The learning record a teacher hands in: the progress table as a spreadsheet (CSV), and
// certificates of the strategies completed in a date range, with a public verification code.

export const EXPORT_FORM: FormInput = { fields: {} };

/** The rows exactly as the screen shows them: the table's filter and sort are in the address bar. */
export const exportForm = defineForm('exportForm', {
  submit: ({ api, router }, _values, signal) => {
    const { options, filter } = parseTableQuery(router.current().search, tableConfig(progressTableInput('')));
    return exportInteractions(api, progressQuery(options, filter), { signal });
  },
  submitted: ({ browser }, { result }) => browser.saveFile(result as { blob: Blob; fileName: string }),
});

const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The school year so far (from 1 August) up to today, in the learner's own calendar. */
export function certificateFormInput(today = new Date()): FormInput {
  const yearStart = new Date(today.getMonth() >= 7 ? today.getFullYear() : today.getFullYear() - 1, 7, 1);
  return {
    fields: { from: { label: 'From', rules: [required()] }, to: { label: 'To', rules: [required()] } },
    values: { from: localDay(yearStart), to: localDay(today) },
  };
}


export const downloadCertificateInput = (code: string): FormInput => ({ fields: { code: {} }, values: { code } });

/** One certificate's PDF, for its owner. */
export const downloadCertificateForm = defineForm('downloadCertificateForm', {
  submit: ({ api }, values, signal) => getCertificatePdf(api, String(values.code), { signal }),
  submitted: ({ browser }, { result }) => browser.saveFile(result as { blob: Blob; fileName: string }),
});

/** The certificates and the form that issues one (its input: the form's starting period). */
export const certificatesScreen = defineScreen('certificates', (services) =>
  certificatesMachine.provide({
    actors: {
      list: withFetch(certificateListMachine, (_, signal) => listCertificates(services.api, { signal })),
      form: formLogic(
        services,
        {
          submit: ({ api }, values, signal) =>
            createCertificate(api, { from: String(values.from), to: String(values.to), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }, { signal }),
        },
        certificateForm,
      ),
    },
    actions: {
      notifyIssued: (_, { certificate }) =>
        bindIntents(services.actors.snackbar, snackbarIntents).show({
          message: `Certificate ready: ${certificate.strategies.length} strategies, ${certificate.hours} hours`,
          variant: 'success',
        }),
    },
  }),
);
