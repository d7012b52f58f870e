// The customer-satisfaction survey and the product-analytics tool (spec §1). Both are third-party
// scripts configured by an id (VITE_SURVEY_ID, VITE_ANALYTICS_ID; values not in the spec).
//
// Sandboxes: without an id an adapter does nothing at all. With one, it records each call in the
// command-queue shape the vendors' snippets use (`[command, ...args]`) instead of loading the
// vendor's script, so the calls are observable and nothing leaves the browser. Connecting a real
// vendor means loading its script lazily (dynamic `import()` / script tag) on the first call and
// replaying this queue into it; the machine and its wiring stay as they are.

export type SurveyPerson = { id: string; name: string; email: string };

export type SurveyAdapter = {
  /** Tells the survey tool who answers (once per user, after onboarding). */
  identify: (person: SurveyPerson) => void;
};

export type AnalyticsAdapter = {
  identify: (userId: string) => void;
  /** Forgets the identified user (logout). */
  reset: () => void;
};

export type VendorCommand = readonly [command: string, ...args: unknown[]];

export type Sandboxed<T> = T & {
  /** Whether an id is configured; false means every call is a no-op. */
  readonly enabled: boolean;
  /** The calls a configured adapter made, in order (what the vendor's script would receive). */
  readonly commands: readonly VendorCommand[];
};

function commandQueue(id: string | undefined) {
  const enabled = typeof id === 'string' && id.trim() !== '';
  const commands: VendorCommand[] = [];
  const record = (...command: VendorCommand) => {
    if (enabled) commands.push(command);
  };
  return { enabled, commands, record };
}

export function createSurveyAdapter(surveyId: string | undefined): Sandboxed<SurveyAdapter> {
  const queue = commandQueue(surveyId);
  return {
    enabled: queue.enabled,
    commands: queue.commands,
    identify: (person) => queue.record('identify', { surveyId, ...person }),
  };
}

export function createAnalyticsAdapter(analyticsId: string | undefined): Sandboxed<AnalyticsAdapter> {
  const queue = commandQueue(analyticsId);
  return {
    enabled: queue.enabled,
    commands: queue.commands,
    identify: (userId) => queue.record('identify', userId),
    reset: () => queue.record('reset'),
  };
}
