import { useSelector } from '@xstate/react';
import { useParams } from 'react-router';
import { errorMessage } from '@/lib/messages';
import { adminOrganizationScreen } from '@/machines/admin/admin-organization.actors';
import { adminOrganizationIntents } from '@/machines/admin/admin-organization.intents';
import {
  selectChangeToConfirm,
  selectDraft,
  selectIsLoadingOrganization,
  selectIsSavingOrganization,
  selectOrganizationLoadError,
  selectOrganizationLoadFailed,
  selectOrganizationView,
  selectPendingOrganizationChange,
  selectRefusal,
} from '@/machines/admin/admin-organization.selectors';
import type { DraftField, MemberRole, OrganizationView, Section } from '@/machines/admin/admin-organization.types';
import type { AdminOrganizationActorRef } from '@/machines/admin/admin-organization.machine';
import { ROLE_LABELS } from '@/machines/admin/admin-user.machine';
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
import { formatDay, KIND_LABELS, SubscriptionStatus } from '@/views/admin/organizations-page';
import { AccountStatus } from '@/views/admin/users-page';
import * as styles from '@/views/admin/admin.css';
import { errorText, visuallyHidden } from '@/views/components/text.css';

type Props = { actor: AdminOrganizationActorRef; view: OrganizationView };

/** A labelled input bound to one of the page's drafts. */
function DraftInput({ actor, field, label, type = 'text', hint }: { actor: AdminOrganizationActorRef; field: DraftField; label: string; type?: string; hint?: string }) {
  const draft = useSelector(actor, selectDraft);
  const saving = useSelector(actor, selectIsSavingOrganization);
  const { edit } = useIntents(actor, adminOrganizationIntents);
  const id = `organization-${field}`;
  return (
    <div>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <input
        id={id}
        className={styles.textInput}
        type={type}
        value={draft[field]}
        disabled={saving}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...(type === 'number' && { min: 0, inputMode: 'numeric' as const })}
        onChange={(event) => edit(field, event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.small}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The last refusal of a section, read out when it appears. */
function Refusal({ actor, section }: { actor: AdminOrganizationActorRef; section: Section }) {
  const refusal = useSelector(actor, selectRefusal(section));
  return (
    <p className={errorText} role="alert">
      {refusal?.message ?? ''}
    </p>
  );
}

function Details({ actor, view }: Props) {
  const { organization, districts } = view;
  const saving = useSelector(actor, selectIsSavingOrganization);
  const draft = useSelector(actor, selectDraft);
  const intents = useIntents(actor, adminOrganizationIntents);
  return (
    <section className={styles.card} aria-labelledby="organization-details">
      <h2 id="organization-details" className={styles.cardTitle}>
        Details
      </h2>
      <dl className={styles.facts}>
        <dt>Kind</dt>
        <dd>{KIND_LABELS[organization.type]}</dd>
        {organization.type === 'SCHOOL' ? (
          <>
            <dt>District</dt>
            <dd>{organization.parentId ? <Link to={`/admin/organizations/${organization.parentId}`}>{organization.parentName}</Link> : 'None'}</dd>
          </>
        ) : (
          <>
            <dt>Schools</dt>
            <dd>
              <Link to={`/admin/organizations?type=SCHOOL&parentId=${organization.id}`}>
                {organization.schoolCount} {organization.schoolCount === 1 ? 'school' : 'schools'}
              </Link>
            </dd>
          </>
        )}
        <dt>Members</dt>
        <dd>{organization.memberCount}</dd>
        {organization.type === 'DISTRICT' && (
          <>
            <dt>Roster</dt>
            <dd>
              <Link to={`/admin/organizations/${organization.id}/roster`}>Imports and REST endpoint</Link>
            </dd>
          </>
        )}
        {!organization.parentId && (
          <>
            <dt>Single sign-on</dt>
            <dd>
              <Link to={`/admin/organizations/${organization.id}/sign-in`}>
                {view.sso ? `${view.sso.displayName} (${view.sso.domains.join(', ')})` : 'Not connected: set up'}
              </Link>
            </dd>
          </>
        )}
      </dl>
      <form
        className={styles.action}
        onSubmit={(event) => {
          event.preventDefault();
          intents.rename();
        }}
      >
        <DraftInput actor={actor} field="name" label="Name" />
        <div className={styles.actionRow}>
          <Button type="submit" tone="secondary" size="sm" disabled={saving || draft.name.trim() === organization.name}>
            Rename
          </Button>
        </div>
      </form>
      {organization.type === 'SCHOOL' && (
        <div className={styles.action}>
          <FilterSelect
            label="Move to district"
            anyLabel="No district"
            options={districts}
            value={draft.parentId || null}
            isDisabled={saving}
            onChange={(id) => intents.edit('parentId', id ?? '')}
          />
          <div className={styles.actionRow}>
            <Button tone="secondary" size="sm" disabled={saving || (draft.parentId || null) === organization.parentId} onClick={intents.move}>
              {draft.parentId ? 'Move into this district' : 'Take out of its district'}
            </Button>
          </div>
        </div>
      )}
      <Refusal actor={actor} section="details" />
    </section>
  );
}

function Subscription({ actor, view }: Props) {
  const sub = view.organization.subscription;
  const saving = useSelector(actor, selectIsSavingOrganization);
  const intents = useIntents(actor, adminOrganizationIntents);
  return (
    <section className={styles.card} aria-labelledby="organization-subscription">
      <h2 id="organization-subscription" className={styles.cardTitle}>
        Subscription
      </h2>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd>
          <SubscriptionStatus subscription={sub} />
        </dd>
        {sub && (
          <>
            <dt>Days</dt>
            <dd>
              {formatDay(sub.startsOn)} to {formatDay(sub.endsOn)}
            </dd>
            <dt>Seats</dt>
            <dd>
              {sub.seats === null ? `${sub.seatsUsed} used, no limit` : `${sub.seatsUsed} of ${sub.seats} used`}
            </dd>
            <dt>Amount</dt>
            <dd>{new Intl.NumberFormat(undefined, { style: 'currency', currency: sub.currency }).format(sub.amount)} a year</dd>
          </>
        )}
      </dl>
      <form
        className={styles.action}
        onSubmit={(event) => {
          event.preventDefault();
          intents.saveSubscription();
        }}
      >
        <span className={styles.actionTitle}>{sub ? 'Change the subscription' : 'Give a subscription'}</span>
        <div className={styles.filters}>
          <DraftInput actor={actor} field="seats" label="Seats" type="number" />
          <DraftInput actor={actor} field="amount" label="Amount (USD a year)" type="number" />
          <DraftInput actor={actor} field="startsOn" label="First day" type="date" />
          <DraftInput actor={actor} field="endsOn" label="Last day" type="date" />
        </div>
        <p className={styles.small}>
          {view.organization.type === 'DISTRICT' ? 'Covers the district’s members and its schools’. ' : ''}
          {view.organization.parentName ? `Its members also have access through ${view.organization.parentName}’s subscription while that one runs. ` : ''}Access runs from the first moment of the first day to the end of the last (UTC).
        </p>
        <div className={styles.actionRow}>
          <Button type="submit" size="sm" disabled={saving}>
            Save subscription
          </Button>
          {sub && sub.state !== 'LAPSED' && (
            <Button size="sm" className={styles.danger} disabled={saving} onClick={intents.lapse}>
              Lapse now
            </Button>
          )}
        </div>
      </form>
      <Refusal actor={actor} section="subscription" />
    </section>
  );
}

const MEMBER_ROLES: MemberRole[] = ['USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN'];

function Members({ actor, view }: Props) {
  const { organization, members, membersTotal } = view;
  const saving = useSelector(actor, selectIsSavingOrganization);
  const draft = useSelector(actor, selectDraft);
  const intents = useIntents(actor, adminOrganizationIntents);
  const roles = MEMBER_ROLES.filter((role) => role === 'USER' || (role === 'SCHOOL_ADMIN') === (organization.type === 'SCHOOL'));
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="organization-members">
      <h2 id="organization-members" className={styles.cardTitle}>
        Members
      </h2>
      <form
        className={styles.action}
        onSubmit={(event) => {
          event.preventDefault();
          intents.addMember();
        }}
      >
        <span className={styles.actionTitle}>Add an existing account</span>
        <div className={styles.filters}>
          <DraftInput actor={actor} field="email" label="E-mail" type="email" />
          <FilterSelect
            label="Role here"
            options={roles.map((role) => ({ id: role, name: ROLE_LABELS[role] }))}
            value={draft.role}
            isDisabled={saving}
            onChange={(role) => role && intents.edit('role', role)}
          />
        </div>
        <div className={styles.actionRow}>
          <Button type="submit" size="sm" disabled={saving}>
            Add member
          </Button>
        </div>
      </form>
      <Refusal actor={actor} section="members" />
      {members.length === 0 ? (
        <p className={styles.muted}>No members yet.</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.simpleTable}>
            <caption className={styles.small}>
              {membersTotal > members.length ? `The first ${members.length} of ${membersTotal} members, by e-mail` : `${membersTotal} ${membersTotal === 1 ? 'member' : 'members'}, by e-mail`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <th scope="row">
                    <span className={styles.nameCell}>
                      <Link to={`/admin/users/${m.id}`} className={styles.nameLink}>
                        {m.fullName || m.email}
                      </Link>
                      <span className={styles.small}>{m.email}</span>
                    </span>
                  </th>
                  <td>{ROLE_LABELS[m.role]}</td>
                  <td>
                    <AccountStatus user={{ deactivatedAt: null, invitation: m.invitation }} />
                  </td>
                  <td>
                    <Button tone="secondary" size="sm" disabled={saving} aria-label={`Remove ${m.email}`} onClick={() => intents.removeMember(m.id, m.email)}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One district or school: its details, subscription and members, and what the platform admin can change. */
export function AdminOrganizationPage() {
  const { id = '' } = useParams();
  const actor = useScreenActor(adminOrganizationScreen, { input: { id } });
  const intents = useIntents(actor, adminOrganizationIntents);
  const view = useSelector(actor, selectOrganizationView);
  const loading = useSelector(actor, selectIsLoadingOrganization);
  const failed = useSelector(actor, selectOrganizationLoadFailed);
  const loadError = useSelector(actor, selectOrganizationLoadError);
  const confirm = useSelector(actor, selectChangeToConfirm);
  const pending = useSelector(actor, selectPendingOrganizationChange);
  useDocumentTitle(`${view ? view.organization.name : 'Organization'} · Platform admin`);

  if (loading) return <LoadingScreen label="Loading the organization" />;
  if (failed || !view) {
    return (
      <AdminPage title="Organization">
        <LoadError onRetry={intents.retry} message={errorMessage(loadError)} />
      </AdminPage>
    );
  }
  const { organization } = view;
  return (
    <>
      <Link to="/admin/organizations" className={styles.back}>
        ← All organizations
      </Link>
      <AdminPage
        title={organization.name}
        lead={pending && !confirm ? 'Saving…' : undefined}
        actions={
          <ButtonLink tone="secondary" size="sm" to={`/admin/audit?entityType=ORGANIZATION&entityId=${organization.id}`}>
            Audit history
          </ButtonLink>
        }
      >
        <div className={styles.detailGrid}>
          <Details actor={actor} view={view} />
          <Subscription actor={actor} view={view} />
          <Members actor={actor} view={view} />
        </div>
      </AdminPage>
      {confirm?.kind === 'lapse' && (
        <ModalDialog
          title={`Lapse the subscription of ${organization.name}?`}
          intro="It ends now: members who have no other access are sent to the page that says their organization's subscription has lapsed. You can give a new subscription later."
          onClose={intents.cancel}
          role="alertdialog"
        >
          <DialogActions>
            <Button tone="secondary" onClick={intents.cancel}>
              Cancel
            </Button>
            <Button className={styles.danger} onClick={intents.confirm}>
              Lapse now
            </Button>
          </DialogActions>
        </ModalDialog>
      )}
      {confirm?.kind === 'removeMember' && (
        <ModalDialog
          title={`Remove ${confirm.email} from ${organization.name}?`}
          intro="The account and its history stay; a school or district admin becomes an educator. Without the organization's subscription they may need one of their own."
          onClose={intents.cancel}
          role="alertdialog"
        >
          <DialogActions>
            <Button tone="secondary" onClick={intents.cancel}>
              Cancel
            </Button>
            <Button className={styles.danger} onClick={intents.confirm}>
              Remove
            </Button>
          </DialogActions>
        </ModalDialog>
      )}
    </>
  );
}
