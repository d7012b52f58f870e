import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { rosterMachine } from '@/machines/roster/roster.machine';
import { rosterSourceMachine } from '@/machines/roster/roster-source.machine';
import type { RosterEvent, RosterFile, RosterImport, RosterSource, RosterSourceEvent } from '@/machines/roster/roster.types';
import { controllableActors, effectFreeModel, expectFullCoverage, settle, walkModel } from '../support/model';

// The roster statecharts walked path by path on the real machines: the screen (size rule, dry
// run, a pending import opened, the review's confirmation, applying, a pull's answer) and its REST
// endpoint (load, pull, removal asked twice, a save from its form).

const DISTRICT = '00000000-0000-4000-8000-0000000000d1';
const counts = { schoolsToCreate: 0, schoolsToRename: 0, schoolsToLink: 0, schoolsNotInRoster: 0, accountsToAdd: 2, accountsToChange: 0, accountsToMove: 0, accountsToDeactivate: 1, accountsToReactivate: 0, unchanged: 0, invalidRows: 0, skippedRows: 0 };
const anImport = (id: string, status: RosterImport['status']) => ({ id, status, counts }) as unknown as RosterImport;
const DRY_RUN = anImport('00000000-0000-4000-8000-0000000000f1', 'PENDING');
const APPLIED = anImport('00000000-0000-4000-8000-0000000000f1', 'APPLIED');
const PULLED = anImport('00000000-0000-4000-8000-0000000000f2', 'PENDING');
const SELF_APPLIED = anImport('00000000-0000-4000-8000-0000000000f3', 'APPLIED');
const SOURCE = { organizationId: DISTRICT, baseUrl: 'https://sis.example.org', tokenUrl: 'https://sis.example.org/token', clientId: 'nw', autoApply: false, lastRunAt: null, lastResult: null } as RosterSource;

describe('roster screen, model-based', () => {
  // Named apart: the model search tells events apart by their JSON, which has no room for a size.
  const file = (bytes: number) => Object.assign(new Blob(['x'.repeat(bytes)]), { name: `roster-${bytes}.zip` }) as RosterFile;

  type ModelEvent =
    | RosterEvent
    | { type: 'model.done.uploadRoster'; output: RosterImport }
    | { type: 'model.error.uploadRoster'; error: unknown }
    | { type: 'model.done.fetchImport'; output: RosterImport }
    | { type: 'model.error.fetchImport'; error: unknown }
    | { type: 'model.done.applyImport'; output: RosterImport }
    | { type: 'model.error.applyImport'; error: unknown };

  const EVENTS: ModelEvent[] = [
    { type: 'roster.choose', file: file(10) },
    { type: 'roster.choose', file: file(50_000_001) },
    { type: 'roster.recheck' },
    { type: 'roster.open', importId: DRY_RUN.id },
    { type: 'roster.showKind', kind: 'DEACTIVATE' },
    { type: 'roster.apply' },
    { type: 'roster.confirm' },
    { type: 'roster.cancel' },
    { type: 'roster.close' },
    { type: 'roster.pulled', result: PULLED },
    { type: 'roster.pulled', result: SELF_APPLIED },
    { type: 'model.done.uploadRoster', output: DRY_RUN },
    { type: 'model.error.uploadRoster', error: Object.assign(new Error('users.csv line 4: an unclosed quote'), { code: 'UNPROCESSABLE' }) },
    { type: 'model.done.fetchImport', output: DRY_RUN },
    { type: 'model.error.fetchImport', error: new Error('offline') },
    { type: 'model.done.applyImport', output: APPLIED },
    { type: 'model.error.applyImport', error: Object.assign(new Error('The district has changed'), { code: 'ROSTER_CHANGED' }) },
  ];

  it('walks every transition; nothing is applied unless confirmed after a dry run', async (context) => {
    const coverage = await walkModel<ModelEvent>(effectFreeModel(rosterMachine), {
      events: EVENTS,
      input: { organizationId: DISTRICT },
      serializeState: (s) => JSON.stringify([s.value, s.context.dryRun?.id ?? null, s.context.file?.size ?? null, s.context.accountKind, s.context.problem?.code ?? null]),
      // A pull's answer comes from the endpoint, whose own walk is below: once from a settled screen.
      filterEvents: (s, event) => (event.type === 'roster.pulled' ? s.matches('idle') || s.matches({ reviewing: 'looking' }) : true),
      createDriver: () => {
        const effects = controllableActors();
        const uploads: number[] = [];
        const applies: string[] = [];
        let confirmed = 0;
        let told = 0;
        let expectedTold = 0;
        const child = createMachine({}) as never;
        const actor = createActor(
          rosterMachine.provide({
            actors: {
              uploadRoster: fromPromise<RosterImport, { organizationId: string; file: RosterFile }>(({ input }) => {
                uploads.push(input.file.size);
                return effects.promise<RosterImport>('uploadRoster')();
              }),
              fetchImport: fromPromise(effects.promise<RosterImport>('fetchImport')),
              applyImport: fromPromise<RosterImport, { organizationId: string; importId: string }>(({ input }) => {
                applies.push(input.importId);
                return effects.promise<RosterImport>('applyImport')();
              }),
              historyTable: child,
              accountsTable: child,
              invalidTable: child,
              rosterSource: child,
            },
            actions: { notifyApplied: () => void (told += 1) },
          }),
          { input: { organizationId: DISTRICT } },
        ).start();
        return {
          actor,
          step: async (event) => {
            if (event.type === 'model.done.uploadRoster') effects.resolve('uploadRoster', event.output);
            else if (event.type === 'model.error.uploadRoster') effects.reject('uploadRoster', event.error);
            else if (event.type === 'model.done.fetchImport') effects.resolve('fetchImport', event.output);
            else if (event.type === 'model.error.fetchImport') effects.reject('fetchImport', event.error);
            else if (event.type === 'model.done.applyImport') {
              effects.resolve('applyImport', event.output);
              expectedTold += 1;
            } else if (event.type === 'model.error.applyImport') effects.reject('applyImport', event.error);
            else {
              if (event.type === 'roster.confirm' && actor.getSnapshot().matches({ reviewing: 'confirming' })) confirmed += 1;
              if (event.type === 'roster.pulled' && event.result.status === 'APPLIED') expectedTold += 1;
              actor.send(event);
            }
            await settle();
          },
          check: (real: AnyMachineSnapshot) => {
            // Every apply follows a confirmation, and is of the dry run under review.
            expect(applies.length).toBe(confirmed);
            // No file over 50 MB is ever sent; its problem says so.
            expect(uploads.every((bytes) => bytes <= 50_000_000)).toBe(true);
            if (real.context.problem?.code === 'FILE_TOO_LARGE') expect(real.context.problem.message).toMatch(/^File size must be less than 50 MB/);
            // Whatever was applied (here or by a pull) is told once.
            expect(told).toBe(expectedTold);
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});

describe('roster REST endpoint, model-based', () => {
  type ModelEvent =
    | RosterSourceEvent
    | { type: 'model.done.fetchSource'; output: RosterSource | null }
    | { type: 'model.error.fetchSource'; error: unknown }
    | { type: 'model.done.pullSource'; output: RosterImport }
    | { type: 'model.error.pullSource'; error: unknown }
    | { type: 'model.done.removeSource' }
    | { type: 'model.error.removeSource'; error: unknown };

  const EVENTS: ModelEvent[] = [
    { type: 'source.retry' },
    { type: 'source.pull' },
    { type: 'source.remove' },
    { type: 'source.confirmRemove' },
    { type: 'source.cancel' },
    { type: 'source.saved', source: SOURCE },
    { type: 'model.done.fetchSource', output: SOURCE },
    { type: 'model.done.fetchSource', output: null },
    { type: 'model.error.fetchSource', error: new Error('offline') },
    { type: 'model.done.pullSource', output: PULLED },
    { type: 'model.error.pullSource', error: Object.assign(new Error('The token endpoint refused the client credentials'), { code: 'ROSTER_SOURCE_FAILED' }) },
    { type: 'model.done.removeSource' },
    { type: 'model.error.removeSource', error: new Error('offline') },
  ];

  it('walks every transition; pulls and removals only of an endpoint that is set, a removal only once confirmed', async (context) => {
    const coverage = await walkModel<ModelEvent>(effectFreeModel(rosterSourceMachine), {
      events: EVENTS,
      input: { organizationId: DISTRICT },
      serializeState: (s) => JSON.stringify([s.value, s.context.source !== null, s.context.problem?.code ?? null]),
      // The form's answer comes while it is there (the endpoint is ready).
      filterEvents: (s, event) => (event.type === 'source.saved' ? s.matches({ ready: 'idle' }) : true),
      createDriver: () => {
        const effects = controllableActors();
        let pulls = 0;
        let removals = 0;
        let confirmedRemovals = 0;
        const pulled: string[] = [];
        const actor = createActor(
          rosterSourceMachine.provide({
            actors: {
              fetchSource: fromPromise(effects.promise<RosterSource | null>('fetchSource')),
              pullSource: fromPromise(() => {
                pulls += 1;
                return effects.promise<RosterImport>('pullSource')();
              }),
              removeSource: fromPromise(() => {
                removals += 1;
                return effects.promise<void>('removeSource')();
              }),
              sourceForm: createMachine({}) as never,
            },
            actions: { notifyPulled: (_, { result }) => void pulled.push(result.id), notifySaved: () => undefined, notifyRemoved: () => undefined },
          }),
          { input: { organizationId: DISTRICT } },
        ).start();
        let pullsDone = 0;
        return {
          actor,
          step: async (event) => {
            if (event.type === 'model.done.fetchSource') effects.resolve('fetchSource', event.output);
            else if (event.type === 'model.error.fetchSource') effects.reject('fetchSource', event.error);
            else if (event.type === 'model.done.pullSource') {
              effects.resolve('pullSource', event.output);
              pullsDone += 1;
            } else if (event.type === 'model.error.pullSource') effects.reject('pullSource', event.error);
            else if (event.type === 'model.done.removeSource') effects.resolve('removeSource', undefined);
            else if (event.type === 'model.error.removeSource') effects.reject('removeSource', event.error);
            else {
              if (event.type === 'source.confirmRemove' && actor.getSnapshot().matches({ ready: 'confirmingRemove' })) confirmedRemovals += 1;
              if ((event.type === 'source.pull' || event.type === 'source.remove') && actor.getSnapshot().matches({ ready: 'idle' }) && !actor.getSnapshot().context.source) {
                actor.send(event);
                await settle();
                expect(actor.getSnapshot().matches({ ready: 'idle' }), 'nothing to pull or remove').toBe(true);
                return;
              }
              actor.send(event);
            }
            await settle();
          },
          check: () => {
            expect(removals).toBe(confirmedRemovals);
            // The screen hears every pull that answered, once.
            expect(pulled).toHaveLength(pullsDone);
            expect(pulls).toBeGreaterThanOrEqual(pullsDone);
          },
        };
      },
    });
    expectFullCoverage(context, coverage);
  });
});
