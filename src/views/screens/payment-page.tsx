import { Page } from '@/views/components/page';
import { useAuth } from '@/views/hooks/use-auth';
import { SUBSCRIPTION_AMOUNT } from '@/lib/settings';
import { button } from '@/views/layout/button.css';

/** The subscription offer; the card form arrives with billing. */
export function PaymentPage() {
  const { logout } = useAuth();
  return (
    <Page title="Choose your subscription">
      <p>
        Unlimited access to every strategy video, livestream, playlist and reproducible, with progress tracking and reflection rubrics.
      </p>
      <p>
        <strong>${SUBSCRIPTION_AMOUNT} per year</strong>, starting with a free trial. Cancel anytime.
      </p>
      <p className="muted">Card payment opens here soon. Your school or district can also give you access.</p>
      <button className={button({ tone: 'secondary' })} type="button" onClick={logout}>
        Sign out
      </button>
    </Page>
  );
}
