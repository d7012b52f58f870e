import { useLocation } from 'react-router';
import { Link } from '@/views/components/link';
import { LOGIN_FORM, loginForm, loginReturnTo } from '@/machines/auth/auth.forms';
import { Page } from '@/views/components/page';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { useAuth } from '@/views/hooks/use-auth';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { button } from '@/views/layout/button.css';
import { errorText, muted } from '@/views/components/text.css';
import { actions, stack } from '@/views/components/page.css';
import { forgot } from './login-page.css';

export function LoginPage() {
  const returnTo = loginReturnTo(useLocation().search);
  const { error, busy, loginWithProvider, loginWithPopup } = useAuth();
  const form = useScreenActor(loginForm, { input: LOGIN_FORM });
  const { onSubmit } = useForm(form);

  return (
    <Page title="Sign in">
      <form className={stack} onSubmit={onSubmit} noValidate aria-describedby={error ? 'login-error' : undefined}>
        {error && (
          <p id="login-error" className={errorText} role="alert">
            {error.message}
          </p>
        )}
        <TextField form={form} name="email" type="email" autoComplete="username" />
        <TextField form={form} name="password" type="password" autoComplete="current-password" hint="Your school district gives you your account? Leave it empty: you sign in with the district." />
        {/* A page of the server (server/routes/account-pages.ts), not of the app: a full load. */}
        <a className={forgot} href="/account/forgot-password">
          Forgot password?
        </a>
        <div className={actions}>
          <button className={button()} type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <button className={button({ tone: 'secondary' })} type="button" disabled={busy} onClick={() => loginWithProvider({ returnTo })}>
            Sign in with your school account
          </button>
          <button className={button({ tone: 'secondary' })} type="button" disabled={busy} onClick={() => loginWithPopup(returnTo)}>
            Use a pop-up window
          </button>
        </div>
      </form>
      <p className={muted}>
        New here? <Link to="/demo">Try the demo</Link>
      </p>
    </Page>
  );
}

