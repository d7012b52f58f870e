import { Link } from '@/views/components/link';
import { DEMO_FORM, demoForm } from '@/machines/auth/auth.forms';
import { Page } from '@/views/components/page';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { useAuth } from '@/views/hooks/use-auth';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { button } from '@/views/layout/button.css';

/** The demo entry: an e-mail starts (or resumes) a demo account. */
export function DemoPage() {
  const { error, busy } = useAuth();
  const form = useScreenActor(demoForm, { input: DEMO_FORM });
  const { onSubmit } = useForm(form);
  return (
    <Page title="Try the Educator Learning Platform">
      <p>Browse strategy videos, livestreams and playlists with a demo account. We will send you a link to confirm your e-mail.</p>
      <form className="stack" onSubmit={onSubmit} noValidate>
        {error && (
          <p className="error" role="alert">
            {error.message}
          </p>
        )}
        <TextField form={form} name="email" type="email" autoComplete="email" />
        <button className={button()} type="submit" disabled={busy}>
          {busy ? 'Starting…' : 'Start the demo'}
        </button>
      </form>
      <p className="muted">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </Page>
  );
}
