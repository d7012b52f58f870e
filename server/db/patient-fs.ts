import { NodeFS } from '@electric-sql/pglite/nodefs';

/** What a file says while something else holds it for a moment (a backup, a virus scanner, a network disk). */
const BUSY = new Set(['EBUSY', 'EAGAIN', 'EINTR']);
/** How long one file operation waits for its file before the error reaches PostgreSQL. */
export const BUSY_PATIENCE_MS = 5_000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
let waitingSince = 0;

/**
 * Runs a file operation of the embedded database, and while its file is busy, runs it again a
 * moment later (5 ms, doubling to 250 ms) for up to BUSY_PATIENCE_MS. PGlite's file operations are
 * synchronous, so the wait is too. Past that the error reaches PostgreSQL: a query that needed a
 * data file fails (answered 503, server/plugins/validation.ts); a write to the write-ahead log
 * stops the embedded database for good (it then spins in this thread), which is why it waits.
 */
export function patiently<T>(operation: () => T, patienceMs = BUSY_PATIENCE_MS): T {
  const started = Date.now();
  for (let wait = 5; ; wait = Math.min(wait * 2, 250)) {
    try {
      const result = operation();
      if (waitingSince) {
        console.warn(`database file available again after ${Date.now() - waitingSince} ms`);
        waitingSince = 0;
      }
      return result;
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !BUSY.has(code) || Date.now() - started >= patienceMs) throw err;
      if (!waitingSince) {
        waitingSince = Date.now();
        console.warn(`database file busy (${code}): waiting for it, up to ${patienceMs / 1000} s`);
      }
      Atomics.wait(sleeper, 0, 0, wait);
    }
  }
}

type NodeFsModule = { NODEFS: { tryFSOperation: <T>(operation: () => T) => T } };

/** PGlite's files on disk (its NodeFS), with every file operation run `patiently`. */
export class PatientNodeFS extends NodeFS {
  private readonly patienceMs: number;
  constructor(dataDir: string, patienceMs = BUSY_PATIENCE_MS) {
    super(dataDir);
    this.patienceMs = patienceMs;
  }

  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    // Emscripten's NODEFS runs each of its file operations through tryFSOperation.
    const patience = (module: NodeFsModule) => {
      const tryFSOperation = module.NODEFS.tryFSOperation;
      module.NODEFS.tryFSOperation = (operation) => tryFSOperation(() => patiently(operation, this.patienceMs));
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), patience as unknown as NonNullable<typeof emscriptenOpts.preRun>[number]] } };
  }
}
