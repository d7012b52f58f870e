import { useSelector } from '@xstate/react';
import { useId, useRef, type ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import type { RosterMachine } from '@/machines/roster/roster.machine';
import { rosterIntents } from '@/machines/roster/roster.intents';
import {
  selectAccountKind,
  selectAccountsTable,
  selectApplied,
  selectCanRecheck,
  selectDryRun,
  selectHistoryTable,
  selectInvalidTable,
  selectIsRosterBusy,
  selectRosterFileName,
  selectRosterProblem,
  selectRosterSource,
  selectRosterStep,
} from '@/machines/roster/roster.selectors';
import {
  ACCOUNT_KIND_COUNT,
  ACCOUNT_KINDS,
  changeSummary,
  hasChanges,
  ROSTER_SIZE_LIMIT_KB,
  type RosterAccountChange,
  type RosterAccountKind,
  type RosterImport,
  type RosterImportSummary,
  type RosterProblem,
  type RosterProblemRow,
  type RosterRowProblem,
} from '@/machines/roster/roster.types';
import type { ActorRefFrom } from 'xstate';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import * as filterTabs from '@/views/components/filter-tabs.css';
import { useIntents } from '@/views/hooks/use-intents';
import { BaseCard } from '@/views/layout/base-card';
import { Button } from '@/views/layout/button';
import { DialogActions, ModalDialog } from '@/views/layout/modal-dialog';
import { RosterSourceCard } from '@/views/roster/roster-source-card';
import * as styles from '@/views/roster/roster.css';

// A district's roster, the same in the educator app and on the admin site (each page gives its
// frame): upload a OneRoster zip, review its dry run (what it creates, changes, moves and
// deactivates, the seats it needs, every row it cannot use), apply it once confirmed; the import
// history, where a pending dry run (a pull's, an earlier upload's) opens in the same review; the
// REST endpoint pulled nightly. The screen's actor owns all of it; this only draws and asks.

type RosterActor = ActorRefFrom<RosterMachine>;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const number = new Intl.NumberFormat();
const plural = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;
const ROLE_TEXT = { USER: 'Educator', SCHOOL_ADMIN: 'School admin', DISTRICT_ADMIN: 'District admin', ADMIN: 'Platform admin', DEMO: 'Demo' } as const;
/** How many entries of a short list (schools, accounts left alone) the review shows before "N more". */
const FIRST_ROWS = 8;

export function RosterWorkspace({ actor, districtName }: { actor: RosterActor; districtName: string }) {
  const step = useSelector(actor, selectRosterStep);
  const dryRun = useSelector(actor, selectDryRun);
  const source = useSelector(actor, selectRosterSource);
  const history = useSelector(actor, selectHistoryTable);
  const reviewing = dryRun && (step === 'review' || step === 'confirm' || step === 'applying');
  return (
    <div className={styles.stack}>
      <UploadCard actor={actor} districtName={districtName} />
      {reviewing && <Review actor={actor} dryRun={dryRun} />}
      <section aria-labelledby="roster-history" className={styles.stack}>
        <h2 id="roster-history" className={styles.subheading}>
          Import history
        </h2>
        <History actor={actor} table={history} />
      </section>
      <RosterSourceCard source={source} />
    </div>
  );
}

function UploadCard({ actor, districtName }: { actor: RosterActor; districtName: string }) {
  const { choose } = useIntents(actor, rosterIntents);
  const step = useSelector(actor, selectRosterStep);
  const busy = useSelector(actor, selectIsRosterBusy);
  const problem = useSelector(actor, selectRosterProblem);
  const fileName = useSelector(actor, selectRosterFileName);
  const applied = useSelector(actor, selectApplied);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const uploadProblem = problem && (step === 'choose' || step === 'checking') ? problem : null;
  return (
    <BaseCard title="Import a roster file">
      <div className={styles.stack}>
        <p className={styles.intro}>
          Export the roster of {districtName} from your student information system as a OneRoster 1.1 or 1.2 CSV zip. You will see every change
          it makes (schools, teachers and administrators to add, change, move or deactivate) before anything changes. Students, guardians and
          classes in the file are counted and left out.
        </p>
        <div className={styles.fileDrop}>
          <label htmlFor={inputId} className={styles.label}>
            OneRoster zip file
          </label>
          <p id={`${inputId}-hint`} className={styles.hint}>
            A .zip with orgs.csv and users.csv (and roles.csv for 1.2), up to {ROSTER_SIZE_LIMIT_KB / 1000} MB.
          </p>
          <input
            ref={input}
            id={inputId}
            className={styles.fileInput}
            type="file"
            accept=".zip,application/zip"
            aria-describedby={`${inputId}-hint`}
            disabled={step === 'applying'}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file may be chosen again after a fix: the input forgets it.
              event.target.value = '';
              if (file) choose(file);
            }}
          />
          {busy && step !== 'applying' && (
            <p className={styles.status} role="status">
              {step === 'opening' ? 'Opening the dry run…' : `Checking ${fileName ?? 'the file'}… nothing changes until you apply it.`}
            </p>
          )}
        </div>
        {uploadProblem && <ProblemBox problem={uploadProblem} title={fileName ? `${fileName} could not be read` : 'The file could not be read'} />}
        {applied && step === 'choose' && !problem && (
          <p className={styles.success} role="status">
            Roster applied: {changeSummary(applied.counts, 'done')}.
          </p>
        )}
      </div>
    </BaseCard>
  );
}

function ProblemBox({ problem, title, children }: { problem: RosterProblem; title: string; children?: ReactNode }) {
  return (
    <div className={styles.problemBox} role="alert">
      <p className={styles.problem}>{title}</p>
      <p className={styles.meta}>{problem.message}</p>
      {children}
    </div>
  );
}

function Count({ label, value, tone = 'neutral' }: { label: string; value: number; tone?: keyof typeof styles.countTone }) {
  return (
    <div className={`${styles.count} ${styles.countTone[value > 0 ? tone : 'neutral']}`}>
      <dd className={styles.countValue}>{number.format(value)}</dd>
      <dt className={styles.countLabel}>{label}</dt>
    </div>
  );
}

const KIND_TEXT: Record<RosterAccountKind, { tab: string; count: string; empty: string }> = {
  ADD: { tab: 'Add', count: 'People to add', empty: 'Nobody new in this roster.' },
  CHANGE: { tab: 'Change', count: 'People to change', empty: 'No names, addresses or roles change.' },
  MOVE: { tab: 'Move', count: 'People to move', empty: 'Nobody moves to another school.' },
  REACTIVATE: { tab: 'Reactivate', count: 'People to reactivate', empty: 'Nobody returns.' },
  DEACTIVATE: { tab: 'Deactivate', count: 'People to deactivate', empty: 'Nobody is deactivated.' },
};

function Review({ actor, dryRun }: { actor: RosterActor; dryRun: RosterImport }) {
  const intents = useIntents(actor, rosterIntents);
  const step = useSelector(actor, selectRosterStep);
  const problem = useSelector(actor, selectRosterProblem);
  const canRecheck = useSelector(actor, selectCanRecheck);
  const { counts } = dryRun;
  const changes = hasChanges(counts);
  const over = dryRun.seats.filter((seat) => seat.overBy > 0);
  const ignored = dryRun.ignored;
  const ignoredText = [
    ignored.students && plural(ignored.students, 'student', 'students'),
    ignored.guardians && plural(ignored.guardians, 'guardian', 'guardians'),
    ignored.otherRoles && plural(ignored.otherRoles, 'other staff member', 'other staff members'),
    ignored.classes && plural(ignored.classes, 'class', 'classes'),
    ignored.enrollments && plural(ignored.enrollments, 'enrollment', 'enrollments'),
  ].filter(Boolean);
  return (
    <BaseCard title="Dry run: check the changes before applying them">
      <div className={styles.stack}>
        <div className={styles.reviewHead}>
          <p className={styles.meta}>
            {dryRun.source === 'PULL' ? 'Pulled from the REST endpoint' : (dryRun.fileName ?? 'Uploaded file')} · OneRoster {dryRun.version} ·{' '}
            {dateTime.format(new Date(dryRun.createdAt))}
            {dryRun.createdBy ? ` · by ${dryRun.createdBy.fullName}` : ''}
          </p>
          <p className={styles.meta}>
            {dryRun.modes.users === 'delta'
              ? 'A delta file: only the people it lists change.'
              : 'A bulk file: rostered people of the district it no longer lists are deactivated (their records are kept).'}
          </p>
        </div>

        <dl className={styles.counts} aria-label="Summary of the dry run">
          <Count label="Schools to create" value={counts.schoolsToCreate} />
          <Count label="Schools to rename" value={counts.schoolsToRename} />
          {ACCOUNT_KINDS.map((kind) => (
            <Count key={kind} label={KIND_TEXT[kind].count} value={counts[ACCOUNT_KIND_COUNT[kind]]} tone={kind === 'DEACTIVATE' ? 'warning' : 'neutral'} />
          ))}
          <Count label="Unchanged" value={counts.unchanged} />
          <Count label="Left alone" value={counts.skippedRows} />
          <Count label="Invalid rows" value={counts.invalidRows} tone="error" />
        </dl>
        {ignoredText.length > 0 && <p className={styles.meta}>Not imported (the platform is for educators): {ignoredText.join(', ')}.</p>}

        {over.length > 0 && (
          <div className={styles.seats} role="note" aria-labelledby="roster-seats">
            <p id="roster-seats" className={styles.seatsTitle}>
              This roster needs more seats than the subscription has
            </p>
            <ul className={styles.seatsList}>
              {over.map((seat) => (
                <li key={seat.organizationId}>
                  {seat.organizationName}: {plural(seat.activeAfter, 'active educator', 'active educators')} after the import for{' '}
                  {plural(seat.seats, 'seat', 'seats')}, {number.format(seat.overBy)} over (now {number.format(seat.activeNow)}).
                </li>
              ))}
            </ul>
            <p className={styles.meta}>You can still apply it: the roster is the district’s record of who works there. Add seats on the Billing page, or talk to us.</p>
          </div>
        )}

        <Schools dryRun={dryRun} />
        <People actor={actor} dryRun={dryRun} />
        <Skipped rows={dryRun.skipped.items} total={dryRun.skipped.total} />
        <InvalidRows actor={actor} total={dryRun.invalid.total} />

        {problem && (
          <ProblemBox problem={problem} title={problem.code === 'ROSTER_CHANGED' ? 'The district changed since this dry run' : 'The roster was not applied'}>
            {canRecheck && (
              <div className={styles.actions}>
                <Button tone="secondary" size="sm" onClick={intents.recheck}>
                  Run the dry run again
                </Button>
              </div>
            )}
          </ProblemBox>
        )}

        <div className={styles.actions}>
          <Button onClick={intents.apply} disabled={!changes || step !== 'review'}>
            {step === 'applying' ? 'Applying…' : changes ? 'Apply these changes' : 'Nothing to apply'}
          </Button>
          <Button tone="secondary" onClick={intents.close} disabled={step === 'applying'}>
            Close the dry run
          </Button>
          {!changes && <p className={styles.meta}>The district already matches this roster.</p>}
        </div>
      </div>
      {step === 'confirm' && (
        <ModalDialog title="Apply this roster?" role="alertdialog" onClose={intents.cancel}>
          <p>
            {capitalize(changeSummary(counts, 'plan'))}.
            {counts.accountsToDeactivate > 0 ? ' Deactivated people can no longer sign in; their records are kept.' : ''} No e-mail is sent.
          </p>
          <DialogActions>
            <Button tone="secondary" onClick={intents.cancel}>
              Cancel
            </Button>
            <Button onClick={intents.confirm} autoFocus>
              Apply roster
            </Button>
          </DialogActions>
        </ModalDialog>
      )}
    </BaseCard>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function More({ shown, total, what }: { shown: number; total: number; what: string }) {
  return total > shown ? <p className={styles.more}>…and {plural(total - shown, `more ${what}`, `more ${what}s`)}.</p> : null;
}

function Schools({ dryRun }: { dryRun: RosterImport }) {
  const { items, total } = dryRun.schools;
  if (total === 0) return null;
  const shown = items.slice(0, FIRST_ROWS);
  const text = (s: (typeof items)[number]) =>
    s.kind === 'CREATE'
      ? `Create ${s.name}`
      : s.kind === 'RENAME'
        ? `Rename ${s.previousName ?? ''} to ${s.name}`
        : s.kind === 'LINK'
          ? `Link ${s.name} to the roster (sourcedId ${s.sourcedId ?? '—'})`
          : `${s.name} is no longer in the roster (kept)`;
  return (
    <section aria-labelledby="roster-schools" className={styles.stack}>
      <h3 id="roster-schools" className={styles.subheading}>
        Schools ({number.format(total)})
      </h3>
      <ul className={styles.list}>
        {shown.map((s) => (
          <li key={`${s.kind}-${s.sourcedId ?? s.organizationId ?? s.name}`}>{text(s)}</li>
        ))}
      </ul>
      <More shown={shown.length} total={total} what="school" />
    </section>
  );
}

function Skipped({ rows, total }: { rows: RosterRowProblem[]; total: number }) {
  if (total === 0) return null;
  const shown = rows.slice(0, FIRST_ROWS);
  return (
    <section aria-labelledby="roster-skipped" className={styles.stack}>
      <h3 id="roster-skipped" className={styles.subheading}>
        Left alone on purpose ({number.format(total)})
      </h3>
      <ul className={styles.list}>
        {shown.map((row, i) => (
          <li key={i}>
            {row.sourcedId ? `${row.sourcedId}: ` : ''}
            {row.reason}
          </li>
        ))}
      </ul>
      <More shown={shown.length} total={total} what="account" />
    </section>
  );
}

const roleText = (role: keyof typeof ROLE_TEXT) => ROLE_TEXT[role];

function Was({ now, before }: { now: ReactNode; before: ReactNode | undefined }) {
  if (before === undefined) return <>{now}</>;
  return (
    <span className={styles.change}>
      <span>{now}</span>
      <span className={styles.before}>
        <span className={styles.hint}>was </span>
        {before}
      </span>
    </span>
  );
}

const ACCOUNT_COLUMNS: DataTableColumn<RosterAccountChange>[] = [
  {
    key: 'name',
    label: 'Name',
    isRowHeader: true,
    render: (a) => (
      <Was now={`${a.firstName} ${a.lastName}`} before={a.before && (a.before.firstName !== undefined || a.before.lastName !== undefined) ? `${a.before.firstName ?? a.firstName} ${a.before.lastName ?? a.lastName}` : undefined} />
    ),
  },
  { key: 'email', label: 'Email', render: (a) => <Was now={a.email} before={a.before?.email} /> },
  { key: 'role', label: 'Role', phoneWidth: 'half', render: (a) => <Was now={roleText(a.role)} before={a.before?.role && roleText(a.before.role)} /> },
  {
    key: 'school',
    label: 'School',
    phoneWidth: 'half',
    render: (a) => <Was now={a.organizationName ?? 'A new school'} before={a.before && 'organizationName' in a.before ? (a.before.organizationName ?? 'None') : undefined} />,
  },
  { key: 'row', label: 'Row', align: 'end', phoneWidth: 'half', render: (a) => (a.line === null ? 'Not in the file' : `users.csv line ${a.line}`) },
];

function People({ actor, dryRun }: { actor: RosterActor; dryRun: RosterImport }) {
  const { showKind } = useIntents(actor, rosterIntents);
  const kind = useSelector(actor, selectAccountKind);
  const table = useSelector(actor, selectAccountsTable);
  const total = ACCOUNT_KINDS.reduce((sum, k) => sum + dryRun.counts[ACCOUNT_KIND_COUNT[k]], 0);
  if (total === 0 || !table) return null;
  return (
    <section aria-labelledby="roster-people" className={styles.stack}>
      <h3 id="roster-people" className={styles.subheading}>
        People ({number.format(total)})
      </h3>
      <Tabs selectedKey={kind} onSelectionChange={(key: Key) => showKind(String(key) as RosterAccountKind)}>
        <TabList aria-label="Show the people to" className={filterTabs.tabList}>
          {ACCOUNT_KINDS.map((k) => (
            <Tab key={k} id={k} className={filterTabs.tab}>
              {KIND_TEXT[k].tab} ({number.format(dryRun.counts[ACCOUNT_KIND_COUNT[k]])})
            </Tab>
          ))}
        </TabList>
        {ACCOUNT_KINDS.map((k) => (
          <TabPanel key={k} id={k} className={styles.panel}>
            <DataTable actor={table} columns={ACCOUNT_COLUMNS} label={KIND_TEXT[k].count} hideLabel emptyState={KIND_TEXT[k].empty} />
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}

const INVALID_COLUMNS: DataTableColumn<RosterProblemRow>[] = [
  { key: 'reason', label: 'Reason', isRowHeader: true, render: (r) => r.reason },
  { key: 'file', label: 'File', phoneWidth: 'half', render: (r) => r.file },
  { key: 'line', label: 'Line', align: 'end', phoneWidth: 'half', render: (r) => (r.line === null ? '—' : number.format(r.line)) },
  { key: 'sourcedId', label: 'sourcedId', render: (r) => <span className={styles.mono}>{r.sourcedId ?? '—'}</span> },
];

function InvalidRows({ actor, total }: { actor: RosterActor; total: number }) {
  const table = useSelector(actor, selectInvalidTable);
  if (total === 0 || !table) return null;
  return (
    <section aria-labelledby="roster-invalid" className={styles.stack}>
      <h3 id="roster-invalid" className={styles.subheading}>
        Rows that cannot be imported ({number.format(total)})
      </h3>
      <p className={styles.meta}>These rows are skipped; everything else can be applied. Correct them in your information system and import again.</p>
      <DataTable actor={table} columns={INVALID_COLUMNS} label="Rows that cannot be imported" hideLabel emptyState="Every row can be imported." />
    </section>
  );
}

const STATUS_TEXT = { PENDING: 'Not applied yet', APPLIED: 'Applied', SUPERSEDED: 'Replaced by a newer dry run' } as const;

function History({ actor, table }: { actor: RosterActor; table: ReturnType<typeof selectHistoryTable> }) {
  const { open } = useIntents(actor, rosterIntents);
  const busy = useSelector(actor, selectIsRosterBusy);
  const columns: DataTableColumn<RosterImportSummary>[] = [
    { key: 'createdAt', label: 'When', isRowHeader: true, render: (i) => dateTime.format(new Date(i.createdAt)) },
    { key: 'file', label: 'File', render: (i) => (i.source === 'PULL' ? 'REST endpoint pull' : (i.fileName ?? 'Uploaded file')) },
    { key: 'by', label: 'By', phoneWidth: 'half', render: (i) => (i.appliedBy ?? i.createdBy)?.fullName ?? (i.source === 'PULL' ? 'Nightly pull' : '—') },
    { key: 'changes', label: 'Changes', render: (i) => capitalize(changeSummary(i.counts, i.status === 'APPLIED' ? 'done' : 'plan')) },
    {
      key: 'status',
      label: 'Status',
      phoneWidth: 'half',
      render: (i) => (
        <span className={styles.statusCell}>
          <span className={styles.importStatus[i.status]}>{i.status === 'APPLIED' && i.appliedAt ? `Applied ${dateTime.format(new Date(i.appliedAt))}` : STATUS_TEXT[i.status]}</span>
          {i.status === 'PENDING' && (
            <button type="button" className={styles.linkButton} disabled={busy} onClick={() => open(i.id)} aria-label={`Review the dry run of ${dateTime.format(new Date(i.createdAt))}`}>
              Review
            </button>
          )}
        </span>
      ),
    },
  ];
  return <DataTable actor={table} columns={columns} label="Import history" hideLabel emptyState="No roster has been imported yet." />;
}
