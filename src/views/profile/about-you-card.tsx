import { useSelector } from '@xstate/react';
import { nameForm, nameFormInput, VERIFICATION_EMAIL_FORM, verificationEmailForm } from '@/machines/account/account.forms';
import { selectUser } from '@/machines/identity/identity.selectors';
import type { User } from '@/machines/shared/domain';
import { TextField } from '@/views/components/form/text-field';
import { useForm } from '@/views/components/form/use-form';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BaseCard } from '@/views/layout/base-card';
import { button } from '@/views/layout/button.css';
import { useRoot } from '@/views/root-context';
import * as styles from '@/views/profile/profile.css';

const ROLE_LABELS: Record<User['role'], string> = {
  ADMIN: 'Platform admin',
  DISTRICT_ADMIN: 'District admin',
  SCHOOL_ADMIN: 'School admin',
  USER: 'Educator',
  DEMO: 'Demo',
};

const initials = (user: User) => `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();

/** Who the educator is (spec §3 User) and their name, editable (spec §5: required, 2–50). */
export function AboutYouCard({ user }: { user: User }) {
  const form = useScreenActor(nameForm, { input: nameFormInput(user) });
  const { onSubmit, submitting } = useForm(form);
  return (
    <BaseCard title="About you">
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(user)}
        </span>
        <div className={styles.who}>
          <p className={styles.name}>{user.fullName || user.email}</p>
          <p className={styles.detail}>{ROLE_LABELS[user.role]}</p>
        </div>
      </div>
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>Email</dt>
        <dd className={styles.factValue}>
          {user.email}
          <span className={user.verified ? styles.badge : styles.badgeMuted}>{user.verified ? 'Verified' : 'Not verified'}</span>
          {!user.verified && <SendVerification />}
        </dd>
        {user.organizationName && (
          <>
            <dt className={styles.factTerm}>Organization</dt>
            <dd className={styles.factValue}>{user.organizationName}</dd>
          </>
        )}
        <dt className={styles.factTerm}>Member since</dt>
        <dd className={styles.factValue}>
          <time dateTime={user.createdAt}>{new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(user.createdAt))}</time>
        </dd>
      </dl>
      <form onSubmit={onSubmit} noValidate aria-label="Your name">
        <div className={styles.nameFields}>
          <TextField form={form} name="firstName" autoComplete="given-name" />
          <TextField form={form} name="lastName" autoComplete="family-name" />
        </div>
        <button className={button()} type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : 'Save name'}
        </button>
      </form>
    </BaseCard>
  );
}

/** The signed-in user, as the app holds them. */
export function useSignedInUser() {
  const { identity } = useRoot();
  return useSelector(identity, selectUser);
}

/** Sends a new verification link to an address not yet confirmed. */
function SendVerification() {
  const form = useScreenActor(verificationEmailForm, { input: VERIFICATION_EMAIL_FORM });
  const { onSubmit, submitting } = useForm(form);
  return (
    <form onSubmit={onSubmit}>
      <button className={button({ tone: 'secondary', size: 'sm' })} type="submit" disabled={submitting}>
        {submitting ? 'Sending…' : 'Send a new verification e-mail'}
      </button>
    </form>
  );
}
