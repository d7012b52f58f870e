import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router';
import { Link } from '@/views/components/link';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { progressTableScreen } from '@/machines/learning/learning.actors';
import { PROGRESS_FILTERS, progressTableInput, type ProgressFilter, type ProgressRow, type ProgressSortKey } from '@/machines/learning/learning.types';
import { selectFilter, selectSortBy } from '@/machines/table/table.selectors';
import { DataTable, type DataTableColumn } from '@/views/components/data-table/data-table';
import * as filterTabs from '@/views/components/filter-tabs.css';
import { useTableIntents } from '@/views/components/data-table/use-table-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { CertificatesCard, ExportCsvButton } from '@/views/learning/learning-record';
import { SavedForOfflineCard } from '@/views/learning/saved-for-offline';
import { PageLayout } from '@/views/layout/page-layout';
import * as styles from '@/views/screens/learning-page.css';

// My learning (spec §2, progress table): every strategy the educator started or saved, how far
// each of its five steps is, filtered by tab and sorted by a chosen key; paged on the server.

const TABS: Record<ProgressFilter, { label: string; empty: string }> = {
  ALL: { label: 'All', empty: "You haven't saved or started any strategies." },
  COMPLETED: { label: 'Completed', empty: "You don't have any completed strategies." },
  IN_PROGRESS: { label: 'In Progress', empty: "You don't have any strategies in-progress." },
  SAVED: { label: 'Saved', empty: "You haven't saved any strategies." },
};

const SORTS: Record<ProgressSortKey, string> = {
  strategyTitle: 'Strategy title',
  progress: 'Progress',
  categoryTitle: 'Category',
  elementTitle: 'Element',
  watched: 'Watched',
  rated: 'Rated',
};

const STATE_TEXT = { YES: 'Yes', NO: 'No', PARTIAL: 'Partial' } as const;
type StepState = keyof typeof STATE_TEXT;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function State({ value }: { value: StepState }) {
  return <span className={styles.chip[value]}>{STATE_TEXT[value]}</span>;
}

const COLUMNS: DataTableColumn<ProgressRow>[] = [
  {
    key: 'strategyTitle',
    label: 'Learning Strategy',
    render: (row) => (
      <span className={styles.strategy}>
        <Link className={styles.strategyLink} to={`/learning-objects/${row.publicId}`}>
          {row.strategyTitle}
        </Link>
        {row.lastInteractionAt && <span className={styles.lastSeen}>Last activity {dateFormat.format(new Date(row.lastInteractionAt))}</span>}
      </span>
    ),
  },
  {
    key: 'progress',
    label: 'Progress',
    render: (row) => (
      <span className={styles.progress}>
        <State value={row.progress} />
        <span className={styles.bar} role="img" aria-label={`${row.progressPercent}% of the steps done`}>
          <span className={styles.barFill} style={{ width: `${row.progressPercent}%` }} />
        </span>
      </span>
    ),
  },
  { key: 'categoryTitle', label: 'Category', phoneWidth: 'half', render: (row) => row.categoryTitle ?? '—' },
  { key: 'elementTitle', label: 'Element', phoneWidth: 'half', render: (row) => row.elementTitle ?? '—' },
  { key: 'watched', label: 'Watched', phoneWidth: 'half', render: (row) => <State value={row.watched} /> },
  { key: 'downloaded', label: 'Downloaded', phoneWidth: 'half', render: (row) => <State value={row.downloaded} /> },
  { key: 'rubricScored', label: 'Rubric Score', phoneWidth: 'half', render: (row) => <State value={row.rubricScored} /> },
  { key: 'rated', label: 'Rated', phoneWidth: 'half', render: (row) => <State value={row.rated} /> },
  { key: 'applied', label: 'Applied', phoneWidth: 'half', render: (row) => <State value={row.applied} /> },
];

function EmptyState({ filter }: { filter: ProgressFilter }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{TABS[filter].empty}</p>
      <p className={styles.emptyCaption}>
        Watch a strategy's video, save it, or complete the steps under 'My Progress' on its page, and it will show here with how far you
        are.
      </p>
      <Link to="/catalog">Browse the catalogue</Link>
    </div>
  );
}

export function LearningPage() {
  const location = useLocation();
  const table = useScreenActor(progressTableScreen, { input: progressTableInput(location.search) });
  const intents = useTableIntents(table);
  const filter = useSelector(table, selectFilter) as ProgressFilter;
  const [sort] = useSelector(table, selectSortBy);

  return (
    <PageLayout
      title="My Learning"
      titleSlot={<ExportCsvButton />}
      header={<p>Every strategy you have started or saved, and how far you are with each of its five steps.</p>}
    >
      <Tabs selectedKey={filter} onSelectionChange={(key: Key) => intents.filter(String(key))}>
        <div className={styles.controls}>
          <TabList aria-label="Show strategies" className={filterTabs.tabList}>
            {PROGRESS_FILTERS.map((id) => (
              <Tab key={id} id={id} className={filterTabs.tab}>
                {TABS[id].label}
              </Tab>
            ))}
          </TabList>
          <div className={styles.sortGroup}>
            <label>
              <span className={styles.sortLabel}>Sort by</span>
              <select className={styles.select} value={sort?.key ?? 'strategyTitle'} onChange={(event) => intents.sort(event.target.value)}>
                {Object.entries(SORTS).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className={styles.sortLabel}>Order</span>
              <select
                className={styles.select}
                value={sort?.order ?? 'asc'}
                // The sort is always on: choosing the other order is a second press on the same key.
                onChange={(event) => event.target.value !== sort?.order && sort && intents.sort(sort.key)}
              >
                <option value="asc">Ascending</option>
                <option value="desc">Descending</option>
              </select>
            </label>
          </div>
        </div>
        {PROGRESS_FILTERS.map((id) => (
          <TabPanel key={id} id={id}>
            <DataTable actor={table} columns={COLUMNS} label={`${TABS[id].label} strategies`} hideLabel emptyState={<EmptyState filter={id} />} />
          </TabPanel>
        ))}
      </Tabs>
      <div className={styles.record}>
        <SavedForOfflineCard />
      </div>
      <div className={styles.record}>
        <CertificatesCard />
      </div>
    </PageLayout>
  );
}
