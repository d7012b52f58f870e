import { expect, type TestContext } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  spawnChild,
  stopChild,
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
import { isPlaceholderAction } from '@/machines/shared/placeholders';

// Model-based paths for any machine of src/machines (QA's `npm run test:model`).
//
// `createTestModel` walks only effect-free machines: no `invoke`, no `after`. `effectFreeModel`
// derives one from a real machine — same states, same transitions, same guards and context
// updates — where an invoked actor's completion becomes the event `model.done.<src>` (its
// failure `model.error.<src>`) and a delayed transition the event `model.after.<delay>`; effect
// actions do nothing, and children nobody waits on are inert. The shortest paths to every (state, incoming transition) pair of the model
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
  // A child or listener nobody waits on stays invoked (an inert actor), so what is sent to it arrives.
  const children = asArray(invoke).filter((call) => call.onDone === undefined && call.onError === undefined);
  for (const call of asArray(invoke)) {
    const src = srcName(call);
    if (call.onDone !== undefined) events[`model.done.${src}`] = call.onDone;
    if (call.onError !== undefined) events[`model.error.${src}`] = call.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) events[`model.after.${delay}`] = transition;
  return {
    ...rest,
    // As spawned children: the test model takes no invocations.
    ...(children.length
      ? {
          entry: [...children.map((call) => spawnChild(srcName(call), { id: call.id ?? srcName(call) })), ...asArray(rest.entry)],
          exit: [...asArray(rest.exit), ...children.map((call) => stopChild(call.id ?? srcName(call)))],
        }
      : {}),
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
  const actors = Object.fromEntries(Object.keys(implementations.actors).map((name) => [name, fromCallback(() => undefined)]));
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
  /** Several starting inputs (a machine whose first step depends on it): each one's paths are walked. */
  inputs?: unknown[];
  /** Scripted journeys walked besides the shortest paths (each a list of model events). */
  journeys?: TModelEvent[][];
  createDriver: (input: unknown) => Driver<TModelEvent>;
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
  const inputs = options.inputs ?? [options.input];
  const scripts: { input: unknown; events: TModelEvent[] }[] = inputs.flatMap((input) => [
    ...testModel.getShortestPaths({ input } as never).map((path) => ({ input, events: path.steps.map((step) => step.event as TModelEvent) })),
    ...(options.journeys ?? []).map((events) => ({ input, events })),
  ]);
  const coverage = coverageOf(model);
  const project = options.project ?? ((value: StateValue) => value);

  for (const { input, events: script } of scripts) {
    const modelActor = createActor(model, { input, inspect: coverage.inspect }).start();
    const driver = options.createDriver(input);
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

/** The actors a model takes as settled by events (`model.done.<src>`, `model.error.<src>`). */
function settledSources(model: AnyStateMachine): Set<string> {
  const sources = new Set<string>();
  for (const node of [model.root, ...allStateNodes(model.root)]) {
    for (const eventType of node.transitions.keys()) {
      const match = /^model\.(?:done|error)\.(.+)$/.exec(eventType);
      if (match) sources.add(match[1]!);
    }
  }
  return sources;
}

/** Context as data: functions (an injected clock) and actor refs (children) left out. */
export function plainContext(context: unknown): unknown {
  return JSON.parse(
    JSON.stringify(context ?? null, (_key, value: unknown) =>
      typeof value === 'function' || (typeof value === 'object' && value !== null && 'sessionId' in value && 'send' in value) ? undefined : value,
    ),
  );
}

export type RegistryDriver<TModelEvent extends AnyEventObject> = Driver<TModelEvent> & {
  /** The edge's placeholder actions the machine ran, in order, with their params. */
  effects: [name: string, params: unknown][];
  /** Each invocation of an actor the model settles by events, with its input. */
  calls: [src: string, input: unknown][];
  /** Events the machine sent to its other actors (children, long-running listeners), by src. */
  received: [src: string, event: AnyEventObject][];
};

/**
 * Drives a machine of the registry as the app runs it, with only its edge stubbed: every
 * placeholder action (what `machine.provide` supplies at the edge) records its call, every actor
 * the model settles by events is a promise the driver resolves or rejects, every other actor
 * (children, listeners) records what it is sent, and delays run on a simulated clock, one
 * millisecond short first (the state must not move early). After each step the real context
 * must equal the model's, beside the state the walk compares.
 */
export function registryDriver<TModelEvent extends AnyEventObject>(machine: AnyStateMachine, model: AnyStateMachine, input?: unknown): RegistryDriver<TModelEvent> {
  const implementations = machine.implementations as { actions: Record<string, unknown>; actors: Record<string, unknown>; delays: Record<string, unknown> };
  const settled = settledSources(model);
  const control = controllableActors();
  const effects: [string, unknown][] = [];
  const calls: [string, unknown][] = [];
  const received: [string, AnyEventObject][] = [];
  const actors = Object.fromEntries(
    Object.keys(implementations.actors).map((src) => [
      src,
      settled.has(src)
        ? fromPromise(({ input: given }) => {
            calls.push([src, given]);
            return control.promise(src)();
          })
        : fromCallback(({ receive }) => receive((event) => void received.push([src, event]))),
    ]),
  );
  const actions = Object.fromEntries(
    Object.entries(implementations.actions)
      .filter(([, action]) => isPlaceholderAction(action))
      .map(([name]) => [name, (_: unknown, params: unknown) => void effects.push([name, params])]),
  );
  const { clock, advance } = simulatedClock();
  const actor = createActor(machine.provide({ actors, actions } as never), { input, clock } as never).start();
  const delayOf = (name: string): number => {
    const delay = implementations.delays[name];
    if (typeof delay === 'number') return delay;
    if (/^\d+$/.test(name)) return Number(name);
    throw new Error(`registryDriver: delay "${name}" is not a fixed number of milliseconds`);
  };
  return {
    actor,
    effects,
    calls,
    received,
    step: async (event) => {
      const [, kind, rest] = /^model\.(done|error|after)\.(.+)$/.exec(event.type) ?? [];
      if (event.type === 'xstate.init') return;
      if (kind === 'done') control.resolve(rest!, (event as { output?: unknown }).output);
      else if (kind === 'error') control.reject(rest!, (event as { error?: unknown }).error);
      else if (kind === 'after') {
        const ms = delayOf(rest!);
        const before = actor.getSnapshot().value;
        advance(ms - 1);
        expect(actor.getSnapshot().value, `${ms - 1} ms of ${ms}`).toEqual(before);
        advance(1);
        return;
      } else {
        actor.send(event);
        return;
      }
      await settle();
    },
    check: (real, model) => expect(plainContext(real.context)).toEqual(plainContext(model.context)),
  };
}

/** One registry statechart's walk: its events, starting inputs, and what its effects must be. */
export type RegistryWalk = {
  events: AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[]);
  inputs?: unknown[];
  /** Default: value and context as data. */
  serializeState?: WalkOptions<AnyEventObject>['serializeState'];
  /** Checked after every step, with the driver's record and the path so far. */
  check?: (driver: RegistryDriver<AnyEventObject>, real: AnyMachineSnapshot, path: AnyEventObject[]) => void;
};

/** Walks a registry machine from its own effect-free model, on `registryDriver`; returns the coverage. */
export function walkRegistryMachine(machine: AnyStateMachine, spec: RegistryWalk) {
  const model = effectFreeModel(machine);
  return walkModel<AnyEventObject>(model, {
    events: spec.events,
    inputs: spec.inputs ?? [undefined],
    serializeState: spec.serializeState ?? ((snapshot) => JSON.stringify([snapshot.value, plainContext(snapshot.context)])),
    createDriver: (input) => {
      const driver = registryDriver<AnyEventObject>(machine, model, input);
      const path: AnyEventObject[] = [];
      return {
        ...driver,
        step: async (event) => {
          path.push(event);
          await driver.step(event);
        },
        check: (real, expected) => {
          driver.check!(real, expected);
          spec.check?.(driver, real, path);
        },
      };
    },
  });
}
