import { useSelector } from '@xstate/react';
import {
  certificateForm,
  certificateFormInput,
  certificatesScreen,
  downloadCertificateForm,
  downloadCertificateInput,
  EXPORT_FORM,
  exportForm,
} from '@/machines/learning/learning.forms';
import type { Certificate } from '@/machines/learning/learning.machine';
import { loadAtStart } from '@/machines/shared/resource';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { selectHasResourceFailed, selectResourceData } from '@/machines/shared/resource.selectors';
import { Link } from '@/views/components/link';
import { EmptyState } from '@/views/components/empty-state';
import { LoadError } from '@/views/components/load-error';
import { Skeleton, SkeletonBlock } from '@/views/components/skeleton';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BaseCard } from '@/views/layout/base-card';
import { button } from '@/views/layout/button.css';
import * as styles from '@/views/learning/learning-record.css';
import { muted } from '@/views/components/text.css';

// The learning record a teacher hands in for licence renewal: the progress table as a
// spreadsheet, and certificates of what they completed, each with a public verification page.

/** Downloads the progress table as filtered and sorted on screen. */
export function ExportCsvButton() {
  const form = useScreenActor(exportForm, { input: EXPORT_FORM });
  const { onSubmit, submitting } = useForm(form);
  return (
    <form onSubmit={onSubmit}>
      <button className={button({ tone: 'secondary', size: 'sm' })} type="submit" disabled={submitting}>
        {submitting ? 'Preparing…' : 'Download CSV'}
      </button>
    </form>
  );
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const today = () => new Date().toLocaleDateString('en-CA');

export function CertificatesCard() {
  const form = useScreenActor(certificateForm, { input: certificateFormInput() });
  const { onSubmit, submitting } = useForm(form);
  const list = useScreenActor(certificatesScreen, { input: loadAtStart() });
  const { retry } = useIntents(list, resourceIntents);
  const certificates = useSelector(list, selectResourceData);
  const failed = useSelector(list, selectHasResourceFailed);
  return (
    <BaseCard title="Learning record">
      <p className={styles.intro}>
        A certificate lists the strategies you completed in a period, with the hours of video you watched. Anyone you give its code to can
        check it, without signing in.
      </p>
      <form className={styles.range} onSubmit={onSubmit} noValidate aria-label="Certificate period">
        <TextField form={form} name="from" type="date" max={today()} />
        <TextField form={form} name="to" type="date" max={today()} />
        <button className={`${button()} ${styles.rangeButton}`} type="submit" disabled={submitting}>
          {submitting ? 'Preparing…' : 'Get a certificate'}
        </button>
      </form>
      {failed ? (
        <LoadError onRetry={retry} />
      ) : certificates && certificates.length > 0 ? (
        <ul className={styles.list} aria-label="Your certificates">
          {certificates.map((certificate) => (
            <CertificateRow key={certificate.code} certificate={certificate} />
          ))}
        </ul>
      ) : certificates ? (
        <EmptyState title="No certificates yet" action={<Link to="/learning?filter=COMPLETED">See your completed strategies</Link>}>
          Choose a period above and select Get a certificate: it lists the strategies you completed in it.
        </EmptyState>
      ) : (
        <Skeleton label="Loading your certificates…">
          <SkeletonBlock width="60%" height="1.25rem" />
          <SkeletonBlock width="40%" />
        </Skeleton>
      )}
    </BaseCard>
  );
}

function CertificateRow({ certificate }: { certificate: Certificate }) {
  const form = useScreenActor(downloadCertificateForm, { input: downloadCertificateInput(certificate.code) });
  const { onSubmit, submitting } = useForm(form);
  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <span className={styles.itemTitle}>
          {day(certificate.from)} – {day(certificate.to)}
        </span>
        <span className={muted}>
          {certificate.strategies.length} {certificate.strategies.length === 1 ? 'strategy' : 'strategies'} · {certificate.hours} hours · code{' '}
          <a href={certificate.verifyUrl} target="_blank" rel="noopener noreferrer">
            {certificate.code}
          </a>
        </span>
      </div>
      <form onSubmit={onSubmit}>
        <button className={button({ tone: 'secondary', size: 'sm' })} type="submit" disabled={submitting} aria-label={`Download the certificate ${certificate.code} (PDF)`}>
          {submitting ? 'Preparing…' : 'PDF'}
        </button>
      </form>
    </li>
  );
}
