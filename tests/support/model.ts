import { expect, type TestContext } from 'vitest';
import {
  createActor,
  createMachine,
  SimulatedClock,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type StateValue,
} from 'xstate';
import { createTestModel } from 'xstate/graph';

// Model-based paths for any machine of src/machines (QA's `npm run test:model`).
//
// `createTestModel` walks only effect-free machines: no `invoke`, no `after`. `effectFreeModel`
// derives one from a real machine — same states, same transitions, same guards and context
// updates — where an invoked actor's completion becomes the event `model.done.<src>` (its
// failure `model.error.<src>`) and a delayed transition the event `model.after.<delay>`; effect
// actions do nothing. The shortest paths to every (state, incoming transition) pair of the model
// are then replayed on the REAL machine by a driver that turns those model events into a
// resolved stub, a rejected stub or a simulated clock moving on, and the two must agree on the
// state after every step. Coverage is measured on the model's own statechart: every state node
// entered and every transition taken, out of all of them.

type Config = Record<string, unknown>;
type InvokeConfig = { src?: unknown; id?: string; onDone?: unknown; onError?: unknown };

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The src name an invoke uses (a string in every machine of this app). */
function srcName(invoke: InvokeConfig): string {
  if (typeof invoke.src !== 'string') throw new Error('effectFreeModel: an invoke needs a named src');
  return invoke.src;
}

function transformState(state: Config): Config {
  const { invoke, after, states, on, ...rest } = state as Config & { invoke?: InvokeConfig | InvokeConfig[]; after?: Record<string, unknown>; states?: Record<string, Config>; on?: Record<string, unknown> };
  const events: Record<string, unknown> = { ...(on ?? {}) };
  for (const call of asArray(invoke)) {
    const src = srcName(call);
    if (call.onDone !== undefined) events[`model.done.${src}`] = call.onDone;
    if (call.onError !== undefined) events[`model.error.${src}`] = call.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) events[`model.after.${delay}`] = transition;
  return {
    ...rest,
    ...(Object.keys(events).length ? { on: events } : {}),
    ...(states ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, transformState(child)])) } : {}),
  };
}

const BUILT_IN = /^xstate\./;

/**
 * The machine without effects: invokes and delays become events, custom actions do nothing
 * (XState's own — assign, raise, sendTo, spawnChild, emit, enqueueActions — still run), and
 * actors it spawns are inert.
 */
export function effectFreeModel(machine: AnyStateMachine): AnyStateMachine {
  const implementations = machine.implementations as {
    actions: Record<string, unknown>;
    guards: Record<string, unknown>;
    actors: Record<string, unknown>;
    delays: Record<string, unknown>;
  };
  const actions = Object.fromEntries(
    Object.entries(implementations.actions).map(([name, action]) => {
      const type = (action as { type?: unknown }).type;
      return [name, typeof type === 'string' && BUILT_IN.test(type) ? action : () => undefined];
    }),
  );
  const actors = Object.fromEntries(Object.keys(implementations.actors).map((name) => [name, createMachine({})]));
  const config = transformState(machine.config as Config);
  return createMachine(config as never, { actions, guards: implementations.guards, actors, delays: {} } as never) as unknown as AnyStateMachine;
}

type Transition = { id: string; label: string };

/** Every transition of a state node, named `source · event → targets`. */
function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** ` [name]` for a named guard, so two branches of one event read apart. */
function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return ` [${guard.type}]`;
  return '';
}

function describeTransition(transition: AnyTransitionDefinition, index: number): Transition {
  const targets = (transition.target ?? []).map((target) => target.id).join(', ') || '(stays)';
  const label = `${transition.source.id} · ${transition.eventType || '(always)'}${guardLabel(transition.guard)} → ${targets}`;
  return { id: `${label} #${index}`, label };
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...allStateNodes(child)]);
}

export type ModelCoverage = {
  machine: string;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  paths: number;
};

/** Records which states and transitions of a model its replays reach. */
export function coverageOf(model: AnyStateMachine) {
  const states = allStateNodes(model.root);
  const transitionIds = new Map<AnyTransitionDefinition, Transition>();
  for (const node of [model.root, ...states]) {
    transitionsOf(node).forEach((transition, index) => transitionIds.set(transition, describeTransition(transition, index)));
  }
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  return {
    inspect: (event: { type: string; snapshot?: unknown; _transitions?: AnyTransitionDefinition[] }) => {
      if (event.type === '@xstate.microstep' || event.type === '@xstate.snapshot') {
        const nodes = (event.snapshot as { _nodes?: AnyStateNode[] } | undefined)?._nodes ?? [];
        for (const node of nodes) seenStates.add(node.id);
      }
      if (event.type === '@xstate.microstep') {
        for (const transition of event._transitions ?? []) {
          const known = transitionIds.get(transition);
          if (known) seenTransitions.add(known.id);
          // A transient state (left by `always` in the step that entered it) shows in no
          // snapshot; that a transition left it proves it was active.
          seenStates.add(transition.source.id);
        }
      }
    },
    report: (paths: number): ModelCoverage => {
      const stateIds = states.map((node) => node.id);
      const all = [...transitionIds.values()];
      return {
        machine: model.id,
        states: { covered: stateIds.filter((id) => seenStates.has(id)).length, total: stateIds.length, missing: stateIds.filter((id) => !seenStates.has(id)) },
        transitions: {
          covered: all.filter((t) => seenTransitions.has(t.id)).length,
          total: all.length,
          missing: all.filter((t) => !seenTransitions.has(t.id)).map((t) => t.label),
        },
        paths,
      };
    },
  };
}

/** Drives the real machine for one path: a fresh system under test per path. */
export type Driver<TModelEvent extends AnyEventObject> = {
  /** The real actor, started. */
  actor: AnyActorRef;
  /** Performs one model event on the real system (send, resolve a stub, move the clock). */
  step: (event: TModelEvent) => void | Promise<void>;
  /** Extra checks after every step (context the model tracks, calls the effects received). */
  check?: (real: AnyMachineSnapshot, model: AnyMachineSnapshot) => void;
};

export type WalkOptions<TModelEvent extends AnyEventObject> = {
  /** Payloads for events that need them (`model.done.fetch` with an output, `x.rate` with a value). */
  events?: TModelEvent[] | ((snapshot: AnyMachineSnapshot) => TModelEvent[]);
  /** Leaves out events the real system cannot produce in that state (timers out of order). */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: TModelEvent) => boolean;
  /**
   * What makes two model states the same for the search (default: value and context). A
   * machine whose context can grow forever (a queue) needs a bounded one.
   */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Compares states by this projection; default: the whole state value. */
  project?: (value: StateValue) => unknown;
  input?: unknown;
  /** Scripted journeys walked besides the shortest paths (each a list of model events). */
  journeys?: TModelEvent[][];
  createDriver: () => Driver<TModelEvent>;
};

/**
 * Walks every shortest path of the model (and the journeys), driving the real machine along
 * each, and returns the model's coverage. Call from a test; use `expectFullCoverage`.
 */
export async function walkModel<TModelEvent extends AnyEventObject>(model: AnyStateMachine, options: WalkOptions<TModelEvent>) {
  const serialize = options.serializeState;
  const testModel = createTestModel(model as never, {
    events: options.events as never,
    filterEvents: options.filterEvents as never,
    ...(serialize && {
      // Keyed by the incoming transition too, so every transition into a state gets a path.
      serializeState: (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, previous?: AnyMachineSnapshot) =>
        `${serialize(snapshot)}|${previous ? serialize(previous) : ''}|${event?.type ?? ''}`,
    }),
  } as never);
  const paths = testModel.getShortestPaths({ input: options.input } as never);
  const scripts: TModelEvent[][] = [...paths.map((path) => path.steps.map((step) => step.event as TModelEvent)), ...(options.journeys ?? [])];
  const coverage = coverageOf(model);
  const project = options.project ?? ((value: StateValue) => value);

  for (const script of scripts) {
    const modelActor = createActor(model, { input: options.input, inspect: coverage.inspect }).start();
    const driver = options.createDriver();
    const where = (i: number) => `after ${script.slice(0, i + 1).map((e) => e.type).join(' → ') || '(start)'}`;
    expect(project(driver.actor.getSnapshot().value), where(-1)).toEqual(project(modelActor.getSnapshot().value));
    for (const [i, event] of script.entries()) {
      modelActor.send(event);
      await driver.step(event);
      const real = driver.actor.getSnapshot() as AnyMachineSnapshot;
      const expected = modelActor.getSnapshot() as AnyMachineSnapshot;
      expect(project(real.value), where(i)).toEqual(project(expected.value));
      driver.check?.(real, expected);
    }
    driver.actor.stop();
    modelActor.stop();
  }
  return coverage.report(scripts.length);
}

/** Fails unless every state and every transition of the model was reached; reports the figures to `npm run test:model`. */
export function expectFullCoverage(context: TestContext, coverage: ModelCoverage) {
  context.task.meta.modelCoverage = coverage;
  expect(coverage.states.missing, `${coverage.machine}: states never reached`).toEqual([]);
  expect(coverage.transitions.missing, `${coverage.machine}: transitions never taken`).toEqual([]);
}

declare module 'vitest' {
  interface TaskMeta {
    modelCoverage?: ModelCoverage;
  }
}

/** Resolves and rejects the invoked actors of a real machine on command. */
export function controllableActors() {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  return {
    /** Logic for `provide({ actors })`: each invocation waits until the test settles it. */
    promise:
      <T>(src: string) =>
      () =>
        new Promise<T>((resolve, reject) => {
          pending.set(src, { resolve: resolve as (value: unknown) => void, reject });
        }),
    resolve: (src: string, value: unknown) => {
      const call = pending.get(src);
      if (!call) throw new Error(`nothing is waiting on ${src}`);
      pending.delete(src);
      call.resolve(value);
    },
    reject: (src: string, error: unknown) => {
      const call = pending.get(src);
      if (!call) throw new Error(`nothing is waiting on ${src}`);
      pending.delete(src);
      call.reject(error);
    },
  };
}

/** Lets promise callbacks (an invoked promise settling) run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A simulated clock for `createActor(machine, { clock })`: `model.after.<delay>` moves it on by the delay. */
export function simulatedClock() {
  const clock = new SimulatedClock();
  return { clock, advance: (ms: number) => clock.increment(ms) };
}
