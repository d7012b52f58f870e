import { describe, expect, it } from 'vitest';
import type { ModelCoverage } from '../support/model';
import type { SnapshotFrom, TransitionDefinition } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { parseTableQuery, sameSearch, sameTableQuery, writeTableQuery, type SortItem } from '@/lib/paging';
import { tableConfig } from '@/machines/table/table.logic';
import { TABLE_MODEL, tableModel, type ModelSort, type TableModelEvent } from '@/machines/table/table.model';
import { servePage, startTable, USERS, USER_SORT_KEYS, userIds } from './table.fixtures';

// The effect-free model of the table, walked with xstate/graph. Every path drives the real
// machine (URL synced, its fetch answered by a fake server only when the model says so) and
// after every step the real machine must be in the model's state with the model's options,
// rows, total and selection; the address bar must show exactly those options; and exactly one
// request may be open while loading, none otherwise. Superseded requests stay open until the
// next answer, which answers them first: a stale page landing would break the row check.
//
// Paths: the shortest path to every combination of state, options, search text and kind of
// selection (none, some, the whole page) the model can reach, plus, for every transition of the
// model and every state and kind of selection it can be taken from, the shortest path that
// takes it. The last test fails if a state or transition is never taken. (Walking the shortest
// path to every one of the model's ~1900 snapshots passes too, but takes several times as long.)

type ModelSnapshot = SnapshotFrom<typeof tableModel>;
type ModelTransition = TransitionDefinition<ModelSnapshot['context'], TableModelEvent>;

const EVENT_TYPES: TableModelEvent['type'][] = [
  'fetch.answer',
  'fetch.fail',
  'table.sort',
  'table.setPage',
  'table.setItemsPerPage',
  'table.filter',
  'filter.clear',
  'filter.settled',
  'table.toggleRow',
  'table.toggleAll',
  'table.clearSelection',
  'table.retry',
  'table.refresh',
  'url.back',
  'url.bad',
  'url.echo',
];

const config = tableConfig({ sortKeys: USER_SORT_KEYS, url: { search: '' } });
const sortCode = (sortBy: readonly SortItem[]): ModelSort =>
  (sortBy[0] ? `${sortBy[0].key}.${sortBy[0].order}` : 'none') as ModelSort;

const model = createTestModel(tableModel);

/** The transitions the model takes for `event` in `snapshot` (none when no guard lets it). */
const taken = (snapshot: ModelSnapshot, event: TableModelEvent) =>
  tableModel.getTransitionData(snapshot, event) as ModelTransition[];

const eventsOf = (path: { steps: { event: { type: string } }[] }) =>
  path.steps.filter((step) => step.event.type !== 'xstate.init').map((step) => step.event as TableModelEvent);

// Shortest path to every snapshot (duplicates kept so each snapshot ends one path).
const toEverySnapshot = model.getShortestPaths({ allowDuplicatePaths: true });

const selectionKind = ({ selected, rows }: ModelSnapshot['context']) =>
  selected.length === 0 ? 'none' : selected.length === rows ? 'page' : 'some';
const combination = ({ value, context }: ModelSnapshot) =>
  JSON.stringify([value, context.page, context.itemsPerPage, context.sort, context.filter, selectionKind(context)]);
const toEveryCombination = new Map<string, (typeof toEverySnapshot)[number]>();
for (const path of toEverySnapshot) {
  const key = combination(path.state);
  const known = toEveryCombination.get(key);
  if (!known || known.steps.length > path.steps.length) toEveryCombination.set(key, path);
}

// For every transition, from every state and kind of selection it can be taken in, the
// shortest way of taking it: a shortest path plus one event. (A change that forgot to clear
// the selection is only visible when there was one to clear.)
const transitionIds = new Map<ModelTransition, number>();
const coverEvents = new Map<string, TableModelEvent[]>();
for (const path of toEverySnapshot) {
  for (const type of EVENT_TYPES) {
    const event = { type } as TableModelEvent;
    for (const transition of taken(path.state, event)) {
      if (!transitionIds.has(transition)) transitionIds.set(transition, transitionIds.size);
      const key = `${transitionIds.get(transition)} from ${JSON.stringify(path.state.value)} ${selectionKind(path.state.context)}`;
      const events = [...eventsOf(path), event];
      const known = coverEvents.get(key);
      if (!known || known.length > events.length) coverEvents.set(key, events);
    }
  }
}

const paths = [
  ...toEveryCombination.values(),
  ...[...coverEvents.values()].flatMap((events) => model.getPathsFromEvents(events)),
];

function checkAgainst(table: ReturnType<typeof startTable>, expected: ModelSnapshot) {
  const real = table.actor.getSnapshot();
  const { options, filter, rows, total, selection } = real.context;
  expect(real.value).toEqual(expected.value);
  expect({ page: options.page, itemsPerPage: options.itemsPerPage, sort: sortCode(options.sortBy), filter }).toEqual({
    page: expected.context.page,
    itemsPerPage: expected.context.itemsPerPage,
    sort: expected.context.sort,
    filter: expected.context.filter,
  });
  expect({ rows: rows.length, total }).toEqual({ rows: expected.context.rows, total: expected.context.total });
  const ids = userIds(real.context);
  expect([...selection].sort()).toEqual(expected.context.selected.map((position) => ids[position]).sort());

  if (real.matches('ready')) {
    // What is on screen is the server's answer to what the table says it shows.
    expect(ids).toEqual(userIds(servePage({ options, filter: filter.trim(), scope: {} })));
  }
  const open = table.fetch.calls.filter((call) => !call.settled && !call.signal.aborted);
  expect(open).toHaveLength(real.matches('loading') ? 1 : 0);
  if (real.matches('loading')) expect(open[0]!.input).toEqual({ options, filter: filter.trim(), scope: {} });

  // The address bar shows the table's options, written the one canonical way.
  const shown = parseTableQuery(table.address.search, config);
  expect(sameTableQuery(shown, { options, filter })).toBe(true);
  expect(sameSearch(table.address.search, writeTableQuery(shown, config))).toBe(true);
}

const walked: (typeof paths)[number][] = [];

describe('table, model-based', () => {
  it('the fake server matches the model’s data', () => {
    expect(USERS).toHaveLength(TABLE_MODEL.total);
    expect(servePage({ options: { page: 1, itemsPerPage: -1, sortBy: [] }, filter: TABLE_MODEL.filterText, scope: {} }).total).toBe(
      TABLE_MODEL.matching,
    );
  });

  it.each(paths.map((path, i) => [i, eventsOf(path).map((e) => e.type).join(' → ') || '(start)', path] as const))(
    'path %i: %s',
    async (_i, _events, path) => {
      const table = startTable({ url: { search: '' } });
      await path.test({
        events: {
          'fetch.answer': () => table.fetch.answerAll(),
          'fetch.fail': () => table.fetch.failLatest(),
          'table.sort': () => table.intents.sort('email'),
          'table.setPage': () => table.intents.setPage(TABLE_MODEL.page),
          'table.setItemsPerPage': () => table.intents.setItemsPerPage(TABLE_MODEL.itemsPerPage),
          'table.filter': () => table.intents.filter(TABLE_MODEL.filterText),
          'filter.clear': () => table.intents.filter(''),
          'filter.settled': () => void table.clock.increment(config.filterDebounceMs),
          'table.toggleRow': () => table.intents.toggleRow(userIds(table.context())[0] ?? 'nobody'),
          'table.toggleAll': () => table.intents.toggleAll(),
          'table.clearSelection': () => table.intents.clearSelection(),
          'table.retry': () => table.intents.retry(),
          'table.refresh': () => table.intents.refresh(),
          'url.back': () => table.navigate(TABLE_MODEL.backSearch),
          'url.bad': () => table.navigate(TABLE_MODEL.badSearch),
          'url.echo': () => table.navigate(table.address.search),
        },
        states: { '*': (expected) => checkAgainst(table, expected) },
      });
      walked.push(path);
    },
  );

  it('reaches every state and takes every transition of the model', (context) => {
    expect(walked).toHaveLength(paths.length);

    const states = new Set(getStateNodes(tableModel.root).map((node) => node.id));
    const transitions = new Set(
      [tableModel.root, ...getStateNodes(tableModel.root)].flatMap((node) => [...node.transitions.values()].flat()),
    );
    const reachedStates = new Set<string>();
    const takenTransitions = new Set<ModelTransition>();
    for (const path of walked) {
      path.steps.forEach((step, i) => {
        for (const node of step.state._nodes) reachedStates.add(node.id);
        const before = path.steps[i - 1]?.state;
        if (before) for (const transition of taken(before, step.event)) takenTransitions.add(transition);
      });
    }
    const missedStates = [...states].filter((id) => !reachedStates.has(id));
    const missedTransitions = [...transitions]
      .filter((transition) => !takenTransitions.has(transition))
      .map((transition) => `${transition.source.id} on ${transition.eventType}`);
    const coverage: ModelCoverage = {
      machine: 'table',
      states: { covered: states.size - missedStates.length, total: states.size, missing: missedStates },
      transitions: { covered: transitions.size - missedTransitions.length, total: transitions.size, missing: missedTransitions },
      paths: walked.length,
    };
    // Reported by `npm run test:model` next to the other machines.
    context.task.meta.modelCoverage = coverage;
    expect(missedStates).toEqual([]);
    expect(missedTransitions).toEqual([]);
    // Guards against collecting nothing (and so missing nothing).
    expect(states.size).toBe(4);
    expect(transitions.size).toBeGreaterThanOrEqual(18);
    console.info(
      `table model: ${paths.length} paths, ${states.size} states, ${transitions.size} transitions, all reached`,
    );
  });
});
