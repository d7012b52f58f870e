import { useSelector } from '@xstate/react';
import { SIGN_OUT_EVERYWHERE_FORM, signOutEverywhereForm } from '@/machines/auth/auth.forms';
import { selectProfile } from '@/machines/profile/profile.selectors';
import { selectHasResourceFailed } from '@/machines/shared/resource.selectors';
import { resourceIntents } from '@/machines/shared/resource.intents';
import { LoadError } from '@/views/components/load-error';
import { Skeleton, SkeletonCard } from '@/views/components/skeleton';
import { useForm } from '@/views/components/form/use-form';
import { useIntents } from '@/views/hooks/use-intents';
import { useReferenceData } from '@/views/hooks/use-reference-data';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BaseCard } from '@/views/layout/base-card';
import { button } from '@/views/layout/button.css';
import { PageLayout } from '@/views/layout/page-layout';
import { AboutYouCard, useSignedInUser } from '@/views/profile/about-you-card';
import { AchievementsCard } from '@/views/profile/achievements-card';
import { CertificatesCard } from '@/views/learning/learning-record';
import { PasswordCard } from '@/views/profile/password-card';
import { PreferencesCard } from '@/views/profile/preferences-card';
import * as styles from '@/views/profile/profile.css';
import { useRoot } from '@/views/root-context';
import { stack } from '@/views/components/page.css';

/** The educator's own account: who they are, what they like, what they achieved, their sessions. */
export function ProfilePage() {
  const user = useSignedInUser();
  const { profile: profileActor } = useRoot();
  const profile = useSelector(profileActor, selectProfile);
  const profileFailed = useSelector(profileActor, selectHasResourceFailed);
  const { retry: retryProfile } = useIntents(profileActor, resourceIntents);
  // The preferences list the framework and the audiences.
  const reference = useReferenceData({ load: true });
  const header = <p>Your account, your learning preferences and what you have achieved so far.</p>;
  if ((profileFailed && !profile) || reference.failed) {
    const retry = () => {
      if (profileFailed) retryProfile();
      reference.retry();
    };
    return (
      <PageLayout title="Profile" header={header}>
        <LoadError onRetry={retry} />
      </PageLayout>
    );
  }
  if (!user || !profile || !reference.ready) {
    return (
      <PageLayout title="Profile" header={header}>
        <Skeleton label="Loading your profile…">
          <div className={styles.grid}>
            <SkeletonCard media={false} />
            <SkeletonCard media={false} />
            <div className={styles.wide}>
              <SkeletonCard media={false} />
            </div>
          </div>
        </Skeleton>
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Profile" header={header}>
      <div className={styles.grid}>
        <AboutYouCard user={user} />
        <AchievementsCard />
        <div className={styles.wide}>
          <PreferencesCard profile={profile} />
        </div>
        <div className={styles.wide}>
          <CertificatesCard />
        </div>
        <PasswordCard />
        <SignOutEverywhere />
      </div>
    </PageLayout>
  );
}

/** Ends every session of the account: a lost laptop, a shared computer, a password someone saw. */
function SignOutEverywhere() {
  const form = useScreenActor(signOutEverywhereForm, { input: SIGN_OUT_EVERYWHERE_FORM });
  const { onSubmit, submitting } = useForm(form);
  return (
    <BaseCard title="Where you are signed in">
      <form className={stack} onSubmit={onSubmit} aria-describedby="sign-out-everywhere-text">
        <p id="sign-out-everywhere-text">
          Signed in on a shared or lost device? Signing out everywhere ends every session of your account, on every browser and device,
          this one included. You will sign in again with your password.
        </p>
        <button className={button({ tone: 'secondary' })} type="submit" disabled={submitting}>
          {submitting ? 'Signing out everywhere…' : 'Sign out everywhere'}
        </button>
      </form>
    </BaseCard>
  );
}
