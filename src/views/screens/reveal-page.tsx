import { Link } from '@/views/components/link';
import { Page } from '@/views/components/page';
import { useAuth } from '@/views/hooks/use-auth';
import { button } from '@/views/layout/button.css';
import { actions } from '@/views/components/page.css';

/** Where a demo user lands after signing out: invited to register. */
export function RevealPage() {
  const { signUp, busy } = useAuth();
  return (
    <Page title="Thanks for trying the demo">
      <p>Create your account to keep your progress, download reproducibles, score your reflections and track the strategies you apply.</p>
      <div className={actions}>
        <button className={button()} type="button" disabled={busy} onClick={() => signUp()}>
          Create your account
        </button>
        <Link className={button({ tone: 'secondary' })} to="/login">
          Sign in
        </Link>
        <Link to="/demo">Start another demo</Link>
      </div>
    </Page>
  );
}
