import { lazy, Suspense, useState } from 'react';
import { useSelector } from '@xstate/react';
import { selectIsDemoUser } from '@/machines/identity/identity.selectors';
import { SUBSCRIPTION_AMOUNT } from '@/lib/settings';
import { useRoot } from '@/views/root-context';
import { Button, ButtonLink } from '@/views/layout/button';
import { sameTrial, selectTrial, trialNotice } from '@/views/layout/trial';
import * as styles from '@/views/layout/upgrade-banner.css';

// The dialog (and react-aria's overlay code) loads on first use, keeping it out of the first chunk.
const loadDialog = () => import('@/views/layout/upgrade-dialog');
// A chunk that vanished with a new deployment: reload to pick up the new build.
const UpgradeDialog = lazy(() =>
  loadDialog().catch((error: unknown) => {
    window.location.reload();
    throw error;
  }),
);

const prefetch = () => void loadDialog().catch(() => {});

function SparkIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M10 2l2.1 5.2L17.5 8l-4.2 3.4 1.3 5.4L10 14l-4.6 2.8 1.3-5.4L2.5 8l5.4-.8z" fill="currentColor" />
    </svg>
  );
}

/** Shown to demo users and to users in a trial: an invitation to subscribe (spec §2, §9). */
export function UpgradeBanner() {
  const { identity, subscriptions } = useRoot();
  const isDemo = useSelector(identity, selectIsDemoUser);
  const trial = useSelector(subscriptions, selectTrial, sameTrial);
  const [open, setOpen] = useState(false);
  if (!isDemo && !trial) return null;

  const notice = trial && !isDemo ? trialNotice(trial, SUBSCRIPTION_AMOUNT) : null;
  const title = notice ? notice.title : 'You are exploring a demo account.';
  const detail = notice ? notice.detail : 'Create your account to keep your progress and unlock every strategy, livestream and playlist.';

  return (
    <>
      <aside className={styles.banner} aria-label="Upgrade">
        <span className={styles.icon}>
          <SparkIcon />
        </span>
        <div className={styles.text}>
          <p className={styles.title}>{title}</p>
          <p className={styles.detail}>{detail}</p>
        </div>
        {notice?.renews ? (
          // Nothing to upgrade: the trial becomes the paid year by itself. Billing changes the card or cancels.
          <ButtonLink size="sm" tone="secondary" className={styles.action} to="/billing">
            Manage billing
          </ButtonLink>
        ) : (
          <Button size="sm" className={styles.action} onClick={() => setOpen(true)} onPointerEnter={prefetch} onFocus={prefetch}>
            Upgrade
          </Button>
        )}
      </aside>
      {open && (
        <Suspense fallback={null}>
          <UpgradeDialog isDemo={isDemo} trialEndsAt={trial?.endsAt ?? null} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
