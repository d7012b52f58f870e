import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { customRangeProblem, formatRange, presetRange, RANGE_PRESETS, rangeLength, type DateRange, type PresetId } from '@/lib/date-range';
import { errorMessage } from '@/lib/messages';
import { selectUser } from '@/machines/identity/identity.selectors';
import { usageScreen } from '@/machines/usage/usage.actors';
import { usageIntents } from '@/machines/usage/usage.intents';
import {
  selectBulkInvite,
  selectDialog,
  selectError,
  selectFramework,
  selectFrameworkError,
  selectFrameworkFailed,
  selectHasFailed,
  selectInviteForm,
  selectInviteSchoolPicker,
  selectIsDistrictAdmin,
  selectIsExporting,
  selectIsLoadingFigures,
  selectMemberStatus,
  selectRange,
  selectReport,
  selectResendingId,
  selectSchool,
  selectSchoolPicker,
  selectUsersTable,
} from '@/machines/usage/usage.selectors';
import type { UsageReport } from '@/machines/usage/usage.types';
import { LoadError } from '@/views/components/load-error';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BaseCard } from '@/views/layout/base-card';
import { Button, ButtonLink } from '@/views/layout/button';
import { PageLayout } from '@/views/layout/page-layout';
import { useRoot } from '@/views/root-context';
import { FrameworkHeatmapSkeleton, LazyFrameworkHeatmap, LazyLoginsChart, LoginsChartSkeleton } from '@/views/usage/charts/lazy-charts';
import { BulkInviteDialog } from '@/views/usage/bulk-invite-dialog';
import { InviteDialog } from '@/views/usage/invite-dialog';
import { MembersTable } from '@/views/usage/members-table';
import { SchoolPicker } from '@/views/usage/school-picker';
import * as styles from '@/views/usage/usage.css';
import { field } from '@/views/components/form/form.css';

// Educator Usage (spec §2): how the educators of a school — or, for a district admin,
// of every school or the one picked — use the platform over a period: who completed
// onboarding, how often they sign in, what they watched, rated, applied and reflected on, by
// framework element; the educators themselves, with their invitations; inviting more.

const count = new Intl.NumberFormat();

export function UsagePage() {
  const location = useLocation();
  const { identity } = useRoot();
  const user = useSelector(identity, selectUser);
  const usage = useScreenActor(usageScreen, { input: { search: location.search, isDistrictAdmin: user?.role === 'DISTRICT_ADMIN' } });
  const intents = useIntents(usage, usageIntents);
  const isDistrictAdmin = useSelector(usage, selectIsDistrictAdmin);
  const school = useSelector(usage, selectSchool);
  const range = useSelector(usage, selectRange);
  const report = useSelector(usage, selectReport);
  const framework = useSelector(usage, selectFramework);
  const frameworkFailed = useSelector(usage, selectFrameworkFailed);
  const frameworkError = useSelector(usage, selectFrameworkError);
  const loading = useSelector(usage, selectIsLoadingFigures);
  const failed = useSelector(usage, selectHasFailed);
  const error = useSelector(usage, selectError);
  const dialog = useSelector(usage, selectDialog);
  const exporting = useSelector(usage, selectIsExporting);
  const table = useSelector(usage, selectUsersTable);
  const picker = useSelector(usage, selectSchoolPicker);
  const inviteForm = useSelector(usage, selectInviteForm);
  const invitePicker = useSelector(usage, selectInviteSchoolPicker);
  const bulk = useSelector(usage, selectBulkInvite);
  const resendingId = useSelector(usage, selectResendingId);
  const memberStatus = useSelector(usage, selectMemberStatus);

  const where = school?.name ?? user?.organizationName ?? (isDistrictAdmin ? 'your district' : 'your school');
  const period = formatRange(range);

  return (
    <PageLayout
      title="Educator Usage"
      titleSlot={
        <div className={styles.titleActions}>
          {isDistrictAdmin && (
            <ButtonLink tone="secondary" to="/usage/roster">
              Import roster
            </ButtonLink>
          )}
          <Button tone="secondary" onClick={intents.openImport}>
            Invite from CSV
          </Button>
          <Button onClick={intents.openInvite}>Invite an Educator</Button>
        </div>
      }
      header={
        <>
          <p className={styles.intro}>
            School usage statistics: how many educators completed onboarding, how often they sign in, and what they watch, rate, apply in
            the classroom and reflect on.
            {isDistrictAdmin ? ' See the whole district, or choose a school.' : ''}
          </p>
          <div className={styles.toolbar}>
            {picker && (
              <div className={styles.schoolSlot}>
                <SchoolPicker picker={picker} />
              </div>
            )}
            <div className={styles.periodSlot}>
              <RangePicker range={range} onChange={intents.setRange} />
            </div>
            <p className={styles.scopeCaption} aria-live="polite">
              {where} · {period}
            </p>
          </div>
        </>
      }
    >
      {failed && !report ? (
        <LoadError message={errorMessage(error)} onRetry={intents.retry} />
      ) : (
        <Figures report={report} loading={loading} range={range} />
      )}

      <section className={styles.section}>
        {table && (
          <MembersTable
            table={table}
            status={memberStatus}
            onStatus={intents.setMemberStatus}
            exporting={exporting}
            onExport={intents.exportCsv}
            resendingId={resendingId}
            onResend={intents.resend}
          />
        )}
      </section>

      <section className={styles.section} aria-labelledby="framework-heading">
        <h2 id="framework-heading" className={styles.sectionHeading}>
          Usage by framework element
        </h2>
        <p className={styles.sectionIntro}>
          How many strategies of each element educators watched, rated, applied and reflected on in this period: where learning happens,
          and where nobody has started yet.
        </p>
        <BaseCard>
          {frameworkFailed && !framework ? (
            <LoadError message={errorMessage(frameworkError)} onRetry={intents.retry} />
          ) : framework ? (
            <LazyFrameworkHeatmap elements={framework.elements} />
          ) : (
            <FrameworkHeatmapSkeleton />
          )}
        </BaseCard>
      </section>

      {dialog === 'invite' && inviteForm && <InviteDialog form={inviteForm} picker={invitePicker} onClose={intents.closeDialog} />}
      {dialog === 'import' && bulk && <BulkInviteDialog bulk={bulk} where={where} onClose={intents.closeDialog} />}
    </PageLayout>
  );
}

function Figures({ report, loading, range }: { report: UsageReport | null; loading: boolean; range: DateRange }) {
  const days = rangeLength(range.from, range.to);
  const summary = report?.aggregation;
  return (
    <div className={[styles.cards, loading && report ? styles.reloading : ''].join(' ')} aria-busy={loading || undefined}>
      <BaseCard title="Active Educators">
        {report ? <p className={styles.figure}>{count.format(report.activeUsers.count)}</p> : <span className={styles.skeletonFigure} />}
        <p className={styles.figureCaption}>completed onboarding</p>
      </BaseCard>
      <BaseCard title="Logins">
        {report ? <p className={styles.figure}>{count.format(report.logins.count)}</p> : <span className={styles.skeletonFigure} />}
        <p className={styles.figureCaption}>{range.preset === '30' ? 'logins in the last 30 days' : `logins in ${days === 1 ? 'one day' : `${days} days`}`}</p>
        <div className={styles.loginsChart}>{report ? <LazyLoginsChart days={report.logins.days} /> : <LoginsChartSkeleton />}</div>
      </BaseCard>
      <BaseCard title="Progress Summary">
        <dl className={styles.summary}>
          <SummaryItem label="Videos watched" value={summary?.strategiesWatched} />
          <SummaryItem label="Strategies rated" value={summary?.strategiesRated} />
          <SummaryItem label="Strategies applied in classroom" value={summary?.strategiesApplied} />
          <SummaryItem label="Reflections recorded" value={summary?.rubricsScored} />
        </dl>
      </BaseCard>
    </div>
  );
}

function SummaryItem({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className={styles.summaryItem}>
      <dd className={styles.summaryValue}>{value === undefined ? <span className={styles.skeletonValue} /> : count.format(value)}</dd>
      <dt className={styles.summaryLabel}>{label}</dt>
    </div>
  );
}

/** The period: a preset, or two days (checked before they are used). */
function RangePicker({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  const choose = (preset: string) => {
    if (preset === 'custom') onChange({ ...range, preset: 'custom' });
    else onChange(presetRange(preset as PresetId));
  };
  const setDay = (which: 'from' | 'to', day: string) => {
    const next = { ...range, preset: 'custom' as const, [which]: day };
    if (customRangeProblem(next.from, next.to) === null) onChange(next);
  };
  // The app's own field layout (the `field` of form.css), as TextField draws it.
  const id = useId();
  return (
    <div>
      <div className={field}>
        <label htmlFor={`${id}-period`}>Period</label>
        <select id={`${id}-period`} value={range.preset} onChange={(event) => choose(event.target.value)}>
          {RANGE_PRESETS.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label}
            </option>
          ))}
        </select>
      </div>
      {range.preset === 'custom' && (
        <div className={styles.dates}>
          <div className={field}>
            <label htmlFor={`${id}-from`}>From</label>
            <input id={`${id}-from`} type="date" value={range.from} max={range.to} onChange={(event) => setDay('from', event.target.value)} />
          </div>
          <div className={field}>
            <label htmlFor={`${id}-to`}>To</label>
            <input id={`${id}-to`} type="date" value={range.to} min={range.from} onChange={(event) => setDay('to', event.target.value)} />
          </div>
        </div>
      )}
    </div>
  );
}
