import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/views/components/page';
import { useAuth } from '@/views/hooks/use-auth';
import { button } from '@/views/layout/button.css';

export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo') ?? '/';
  const { error, busy, loginLocal, loginWithProvider, loginWithPopup } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    loginLocal(email.trim(), password, returnTo);
  };

  return (
    <Page title="Sign in">
      <form className="stack" onSubmit={submit} aria-describedby={error ? 'login-error' : undefined} noValidate={false}>
        {error && (
          <p id="login-error" className="error" role="alert">
            {error.message}
          </p>
        )}
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input id="login-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="actions">
          <button className={button()} type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <button className={button({ tone: 'secondary' })} type="button" disabled={busy} onClick={() => loginWithProvider(returnTo)}>
            Sign in with your school account
          </button>
          <button className={button({ tone: 'secondary' })} type="button" disabled={busy} onClick={() => loginWithPopup(returnTo)}>
            Use a pop-up window
          </button>
        </div>
      </form>
      <p className="muted">
        New here? <Link to="/demo">Try the demo</Link>
      </p>
    </Page>
  );
}
