import { readFile, stat } from 'node:fs/promises';
import { GrowthBook, type Attributes, type FeatureDefinition, type JSONValue } from '@growthbook/growthbook';

// The embedded flags server (spec §7 "GET features by client key, POST eval by client key, and an
// optional update stream"), in GrowthBook's own wire formats so the app runs the vendor's SDK
// unchanged: the features payload from FEATURES_FILE, the same features evaluated here for one
// user (remote evaluation keeps targeting rules off the browser), and a server-sent event stream
// that says `features-updated` when the file changes (the SDK then fetches again).

export type FeaturesPayload = { features: Record<string, FeatureDefinition>; dateUpdated: Date };

/** What GrowthBook's SDK posts for remote evaluation (`fetchRemoteEvalCall`). */
export type EvalRequest = {
  attributes?: Record<string, unknown>;
  forcedVariations?: Record<string, number>;
  forcedFeatures?: [string, unknown][];
  url?: string;
};

/** How often an open stream looks at the file, and how often it says it is alive. */
const WATCH_INTERVAL_MS = 2000;
export const STREAM_HEARTBEAT_MS = 25_000;

/** An open stream: told of each change, and ended when the server stops. */
export type FeatureStreamListener = { changed: (payload: FeaturesPayload) => void; end: () => void };

export type Features = {
  /** The payload, read again whenever the file's modification time moved. */
  read: () => Promise<FeaturesPayload>;
  /** Every feature's value for one user, as GrowthBook's remote evaluation answers it. */
  evaluate: (request: EvalRequest) => Promise<FeaturesPayload>;
  /** Told of every change of the file, until unsubscribed. */
  subscribe: (listener: FeatureStreamListener) => () => void;
  /** Ends every stream (the server is stopping): an open stream must not hold the shutdown. */
  close: () => void;
};

export function createFeatures(file: string): Features {
  let cached: { mtimeMs: number; payload: FeaturesPayload } | null = null;
  const listeners = new Set<FeatureStreamListener>();
  let timer: NodeJS.Timeout | null = null;

  async function read(): Promise<FeaturesPayload> {
    const info = await stat(file);
    if (!cached || cached.mtimeMs !== info.mtimeMs) {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as { features: Record<string, FeatureDefinition> };
      cached = { mtimeMs: info.mtimeMs, payload: { features: parsed.features, dateUpdated: info.mtime } };
    }
    return cached.payload;
  }

  /** The modification time the open streams know: the watcher's own, so a request that reads the new file first does not swallow the news. */
  let announced: number | null = null;

  async function watch() {
    try {
      const payload = await read();
      const seen = cached?.mtimeMs ?? null;
      if (announced !== null && seen !== announced) for (const listener of listeners) listener.changed(payload);
      announced = seen;
    } catch {
      // A file being rewritten can be missing or half-written for a moment: the next look sees it.
    }
  }

  return {
    read,
    async evaluate(request) {
      const { features, dateUpdated } = await read();
      const gb = new GrowthBook({
        attributes: (request.attributes ?? {}) as Attributes,
        forcedVariations: request.forcedVariations ?? {},
        ...(request.url ? { url: request.url } : {}),
      });
      gb.initSync({ payload: { features } });
      if (request.forcedFeatures?.length) gb.setForcedFeatures(new Map(request.forcedFeatures));
      const evaluated: Record<string, FeatureDefinition> = {};
      for (const key of Object.keys(features)) {
        const result = gb.evalFeature(key);
        // An experiment's assignment travels with its value, so the browser reports the exposure.
        evaluated[key] =
          result.experiment && result.experimentResult
            ? { defaultValue: result.value as JSONValue, rules: [{ force: result.value as JSONValue, tracks: [{ experiment: result.experiment, result: result.experimentResult }] }] }
            : { defaultValue: result.value as JSONValue };
      }
      gb.destroy();
      return { features: evaluated, dateUpdated };
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        // The version the subscriber's server just read (the route reads before it subscribes), taken
        // now: a look started now could already see the next version and never tell anyone of it.
        announced = cached?.mtimeMs ?? null;
        timer = setInterval(() => void watch(), WATCH_INTERVAL_MS);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    close() {
      for (const listener of [...listeners]) listener.end();
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
