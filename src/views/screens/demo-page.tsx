import { useSearchParams } from 'react-router';
import { useSelector } from '@xstate/react';
import { Link } from '@/views/components/link';
import { DEMO_FORM, demoForm, demoLinkScreen } from '@/machines/demo/demo.actors';
import { demoLinkMessage, selectDemoLinkSentTo } from '@/machines/demo/demo.selectors';
import { selectFormError } from '@/machines/form/form.selectors';
import { errorMessage } from '@/lib/messages';
import { LoadingScreen } from '@/views/components/loading-screen';
import { Page } from '@/views/components/page';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { useAuth } from '@/views/hooks/use-auth';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { button } from '@/views/layout/button.css';
import { errorText, muted } from '@/views/components/text.css';
import { actions, stack } from '@/views/components/page.css';

/** The demo entry: an address asks for a link; the e-mailed link (`?ticket=`) starts the demo. */
export function DemoPage() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  return ticket ? <DemoLink key={ticket} ticket={ticket} /> : <DemoRequest />;
}

function DemoLink({ ticket }: { ticket: string }) {
  useScreenActor(demoLinkScreen, { input: { ticket } });
  const { error } = useAuth();
  if (!error) return <LoadingScreen label="Starting your demo" />;
  return <DemoRequest linkError={demoLinkMessage(error)} />;
}

function DemoRequest({ linkError }: { linkError?: string }) {
  const form = useScreenActor(demoForm, { input: DEMO_FORM });
  const { onSubmit, submitting, reset } = useForm(form);
  const sentTo = useSelector(form, selectDemoLinkSentTo);
  const failure = useSelector(form, selectFormError);

  if (sentTo) {
    return (
      <Page title="Check your e-mail">
        <p>
          We sent a link to <strong>{sentTo}</strong>. Open it to start your demo: it works once, within 24 hours.
        </p>
        <p className={muted}>Nothing there? Look in your spam folder, or send it again.</p>
        <form className={actions} onSubmit={onSubmit}>
          <button className={button()} type="submit" disabled={submitting}>
            {submitting ? 'Sending…' : 'Send the link again'}
          </button>
          <button className={button({ tone: 'secondary' })} type="button" onClick={() => reset()}>
            Use another address
          </button>
        </form>
      </Page>
    );
  }
  const message = failure ? errorMessage(failure) : linkError;
  return (
    <Page title="Try the Educator Learning Platform">
      <p>Browse strategy videos, livestreams and playlists with a demo account. We will send you a link to confirm your e-mail.</p>
      <form className={stack} onSubmit={onSubmit} noValidate aria-describedby={message ? 'demo-error' : undefined}>
        {message && (
          <p id="demo-error" className={errorText} role="alert">
            {message}
          </p>
        )}
        <TextField form={form} name="email" type="email" autoComplete="email" />
        <button className={button()} type="submit" disabled={submitting}>
          {submitting ? 'Sending…' : 'Start the demo'}
        </button>
      </form>
      <p className={muted}>
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </Page>
  );
}
