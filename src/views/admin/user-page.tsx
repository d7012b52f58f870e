import { useSelector } from '@xstate/react';
import { useParams } from 'react-router';
import { ROLE_LABELS } from '@/machines/admin/admin-user.machine';
import { adminUserScreen } from '@/machines/admin/admin-user.actors';
import { adminUserIntents } from '@/machines/admin/admin-user.intents';
import {
  selectAdminUser,
  selectIsConfirmingDeactivation,
  selectIsLoadingUser,
  selectIsResending,
  selectIsSaving,
  selectLoadError,
  selectLoadFailed,
  selectPendingChange,
} from '@/machines/admin/admin-user.selectors';
import type { AdminUser, Role } from '@/machines/admin/admin-user.types';
import { errorMessage } from '@/lib/messages';
import { Link } from '@/views/components/link';
import { LoadError } from '@/views/components/load-error';
import { LoadingScreen } from '@/views/components/loading-screen';
import { useDocumentTitle } from '@/views/hooks/use-document-title';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Button, ButtonLink } from '@/views/layout/button';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import { AdminPage } from '@/views/admin/admin-shell';
import { FilterSelect } from '@/views/components/filter-select';
import { AccountStatus } from '@/views/admin/users-page';
import * as styles from '@/views/admin/admin.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

/** Roles an account can be given here (a demo account registers itself). */
const ASSIGNABLE: Role[] = ['USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN', 'ADMIN'];

function Facts({ user }: { user: AdminUser }) {
  const invitation = user.invitation;
  return (
    <dl className={styles.facts}>
      <dt>E-mail</dt>
      <dd>{user.email}</dd>
      <dt>Role</dt>
      <dd>{ROLE_LABELS[user.role]}</dd>
      <dt>Organization</dt>
      <dd>{user.organizationId ? <Link to={`/admin/organizations/${user.organizationId}`}>{user.organizationName}</Link> : '—'}</dd>
      <dt>Status</dt>
      <dd>
        <AccountStatus user={user} />
        {user.deactivatedAt && <span className={styles.small}> since {when(user.deactivatedAt)}</span>}
      </dd>
      <dt>Free access</dt>
      <dd>{user.hasFreeAccess ? 'Yes' : 'No'}</dd>
      <dt>E-mail verified</dt>
      <dd>{user.verified ? 'Yes' : 'No'}</dd>
      <dt>Onboarding</dt>
      <dd>{user.completedOnboarding ? 'Completed' : 'Not completed'}</dd>
      <dt>Joined</dt>
      <dd>{when(user.createdAt)}</dd>
      {invitation && (
        <>
          <dt>Invitation</dt>
          <dd>
            {invitation.status === 'ACCEPTED'
              ? `Accepted ${when(invitation.acceptedAt)}`
              : `${invitation.status === 'PENDING' ? 'Pending' : 'Expired'}: sent ${when(invitation.sentAt)}, link ${invitation.status === 'PENDING' ? 'works until' : 'expired'} ${when(invitation.expiresAt)}`}
          </dd>
        </>
      )}
    </dl>
  );
}

/** One account: what it is, and what the platform admin can change about it. */
export function AdminUserPage() {
  const { id = '' } = useParams();
  const actor = useScreenActor(adminUserScreen, { input: { id } });
  const intents = useIntents(actor, adminUserIntents);
  const user = useSelector(actor, selectAdminUser);
  const loading = useSelector(actor, selectIsLoadingUser);
  const failed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, selectLoadError);
  const saving = useSelector(actor, selectIsSaving);
  const pending = useSelector(actor, selectPendingChange);
  const confirming = useSelector(actor, selectIsConfirmingDeactivation);
  const resending = useSelector(actor, selectIsResending);
  useDocumentTitle(`${user ? user.fullName || user.email : 'User'} · Platform admin`);

  if (loading) return <LoadingScreen label="Loading the account" />;
  if (failed || !user) {
    return (
      <AdminPage title="User">
        <LoadError onRetry={intents.retry} message={errorMessage(loadError)} />
      </AdminPage>
    );
  }

  const openInvitation = user.invitation !== null && user.invitation.status !== 'ACCEPTED';
  const roles = ASSIGNABLE.includes(user.role) ? ASSIGNABLE : [user.role];
  return (
    <>
      <Link to="/admin/users" className={styles.back}>
        ← All users
      </Link>
      <AdminPage
        title={user.fullName || user.email}
        actions={
          <ButtonLink tone="secondary" size="sm" to={`/admin/audit?entityType=USER&entityId=${user.id}`}>
            Audit history
          </ButtonLink>
        }
      >
        <div className={styles.detailGrid}>
          <section className={styles.card} aria-labelledby="account-facts">
            <h2 id="account-facts" className={styles.cardTitle}>
              Account
            </h2>
            <Facts user={user} />
          </section>
          <section className={styles.card} aria-labelledby="account-actions">
            <h2 id="account-actions" className={styles.cardTitle}>
              Manage
            </h2>
            <div className={styles.action}>
              <FilterSelect
                label="Role"
                options={roles.map((role) => ({ id: role, name: ROLE_LABELS[role] }))}
                value={pending?.role ?? user.role}
                isDisabled={saving || user.role === 'DEMO'}
                onChange={(role) => role && intents.changeRole(role as Role)}
              />
              <p className={styles.small}>A new role ends the account&apos;s sessions: it signs in again under the new one.</p>
            </div>
            <div className={styles.action}>
              <span className={styles.actionTitle}>Free access</span>
              <p className={styles.small}>{user.hasFreeAccess ? 'Uses the platform without a subscription.' : 'Needs a subscription (its own or its organization’s).'}</p>
              <div className={styles.actionRow}>
                <Button tone="secondary" size="sm" disabled={saving} onClick={() => intents.setFreeAccess(!user.hasFreeAccess)}>
                  {pending?.hasFreeAccess !== undefined ? 'Saving…' : user.hasFreeAccess ? 'Revoke free access' : 'Grant free access'}
                </Button>
              </div>
            </div>
            {openInvitation && (
              <div className={styles.action}>
                <span className={styles.actionTitle}>Invitation</span>
                <p className={styles.small}>Sends a new sign-up link; the old one stops working.</p>
                <div className={styles.actionRow}>
                  <Button tone="secondary" size="sm" disabled={saving} onClick={intents.resendInvitation}>
                    {resending ? 'Sending…' : 'Send the invitation again'}
                  </Button>
                </div>
              </div>
            )}
            <div className={styles.action}>
              <span className={styles.actionTitle}>{user.deactivatedAt ? 'Reactivate' : 'Deactivate'}</span>
              <p className={styles.small}>
                {user.deactivatedAt
                  ? 'Lets the account sign in again, with its history as it was.'
                  : 'Ends every session and refuses sign-in; the account’s history is kept.'}
              </p>
              <div className={styles.actionRow}>
                {user.deactivatedAt ? (
                  <Button size="sm" disabled={saving} onClick={intents.reactivate}>
                    {pending?.deactivated === false ? 'Reactivating…' : 'Reactivate account'}
                  </Button>
                ) : (
                  <Button size="sm" className={styles.danger} disabled={saving} onClick={intents.deactivate}>
                    {pending?.deactivated && !confirming ? 'Deactivating…' : 'Deactivate account'}
                  </Button>
                )}
              </div>
            </div>
          </section>
        </div>
      </AdminPage>
      {confirming && (
        <ModalDialog
          title={`Deactivate ${user.fullName || user.email}?`}
          intro="They are signed out everywhere at once and cannot sign in until the account is reactivated. Their progress, certificates and history are kept."
          onClose={intents.cancel}
          role="alertdialog"
        >
          <DialogActions>
            <Button tone="secondary" onClick={intents.cancel}>
              Cancel
            </Button>
            <Button className={styles.danger} onClick={intents.confirm}>
              Deactivate
            </Button>
          </DialogActions>
        </ModalDialog>
      )}
    </>
  );
}
