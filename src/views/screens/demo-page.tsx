import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Page } from '@/views/components/page';
import { useAuth } from '@/views/hooks/use-auth';
import { button } from '@/views/layout/button.css';

/** The demo entry: an e-mail starts (or resumes) a demo account. */
export function DemoPage() {
  const { error, busy, startDemo } = useAuth();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    startDemo(email.trim());
  };
  return (
    <Page title="Try the Educator Learning Platform">
      <p>Browse strategy videos, livestreams and playlists with a demo account. We will send you a link to confirm your e-mail.</p>
      <form className="stack" onSubmit={submit}>
        {error && (
          <p className="error" role="alert">
            {error.message}
          </p>
        )}
        <div className="field">
          <label htmlFor="demo-email">Email</label>
          <input id="demo-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
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
