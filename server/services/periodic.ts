import { clock } from '../clock.ts';

type Log = { error: (obj: object, msg: string) => void };

/**
 * Runs `work` once now and then every `intervalMs` (never two runs at once), until stopped; an
 * interval of 0 runs nothing. The timers do not keep the process alive. Work that must happen
 * once across several server processes makes that so itself (the trial reminders claim rows).
 */
export function startPeriodic(name: string, work: (now: Date) => Promise<unknown>, intervalMs: number, log: Log) {
  if (intervalMs <= 0) return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = work(clock.now())
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, job: name }, 'periodic job failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 0);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
