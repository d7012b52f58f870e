import { useLocation } from 'react-router';
import { ADMIN_LOGIN_FORM, adminLoginForm, signInWithProvider } from '@/machines/admin/admin-access';
import { Page } from '@/views/components/page';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { useAuth } from '@/views/hooks/use-auth';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { useRoot } from '@/views/root-context';
import { button } from '@/views/layout/button.css';
import * as styles from '@/views/admin/admin.css';
import { errorText } from '@/views/components/text.css';
import { stack } from '@/views/components/page.css';

/** The admin site's sign-in: the same local sign-in and identity provider as the educator app. */
export function AdminSignInPage() {
  useDocumentTitle('Sign in · Platform admin');
  const { pathname, search } = useLocation();
  const { error, busy } = useAuth();
  const { services } = useRoot();
  const form = useScreenActor(adminLoginForm, { input: ADMIN_LOGIN_FORM });
  const { onSubmit } = useForm(form);

  return (
    <Page title="Platform admin">
      <p className={styles.muted}>Sign in with a platform administrator account to manage the learning platform.</p>
      <form className={stack} onSubmit={onSubmit} noValidate aria-describedby={error ? 'admin-login-error' : undefined}>
        {error && (
          <p id="admin-login-error" className={errorText} role="alert">
            {error.message}
          </p>
        )}
        <TextField form={form} name="email" type="email" autoComplete="username" />
        <TextField form={form} name="password" type="password" autoComplete="current-password" />
        <div className={styles.signInActions}>
          <button className={button({ block: true })} type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <p className={styles.divider}>or</p>
          <button
            className={button({ tone: 'secondary', block: true })}
            type="button"
            disabled={busy}
            onClick={() => signInWithProvider(services, `${pathname}${search}`)}
          >
            Sign in with your organization account
          </button>
        </div>
      </form>
      <p className={styles.muted}>
        Not an administrator? <a href="/">Go to the learning platform</a>
      </p>
    </Page>
  );
}
