import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { clock, parseInstant, setClock } from '../../clock.ts';
import { openDatabase, rows, type Db } from '../client.ts';
import { countTables, seedDemo } from './seed.ts';
import { DISTRICT_DEFAULTS, seedDistrict } from './district.ts';

const HELP = `Usage: npm run seed -- [options]

Seeds the database with demo content (a no-op when it already holds data).
Database: DATABASE_URL (PostgreSQL) when set, otherwise PGlite in DATA_DIR (default ./data).
Dates follow the app's clock: NOW (an ISO 8601 instant) as for the server, or --now.

Options:
  --reset                 DELETES ALL DATA: truncates every table before seeding.
  --size district         After the demo seed, add a customer's scale: 5,000 catalogue items
                          (six frameworks' strategies, livestreams with recordings, playlists),
                          "Benchmark District" with 40 schools and 20,000 educators among 200
                          other organizations, and 2,000,000 learner events over a school year
                          (--items 5000 --educators 20000 --events 2000000; each may be given).
  --items N               Catalogue items of the district seed.
  --educators N           Educators of the new "Benchmark District" (other organizations get a tenth more).
  --events N              Learner events of those educators over the last 365 days.
  --now ISO-INSTANT       The app's clock starts at this instant, e.g. 2026-11-25T15:00:00Z
                          (reproducible dates; default: NOW, else the real clock).
  -h, --help              Show this help.
`;

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}

async function reset(db: Db): Promise<void> {
  const tables = await rows<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public'`);
  if (tables.length === 0) return;
  const list = tables.map((r) => `"${r.tablename.replace(/"/g, '""')}"`).join(', ');
  await db.execute(sql.raw(`truncate table ${list} restart identity cascade`));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      size: { type: 'string' },
      items: { type: 'string' },
      educators: { type: 'string' },
      events: { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (values.size !== undefined && values.size !== 'district' && values.size !== 'demo') throw new Error('--size must be "district" or "demo"');
  const nowText = values.now ?? (process.env.NOW || undefined);
  const instant = nowText === undefined ? null : parseInstant(nowText);
  if (nowText !== undefined && !instant) throw new Error(`--now (or NOW) must be an ISO 8601 instant with its time zone, like 2026-11-25T15:00:00Z (got "${nowText}")`);
  // Before the database opens: its connections carry the clock's offset (app_now() in defaults).
  setClock(instant);

  const explicit = { items: count(values.items, 'items'), educators: count(values.educators, 'educators'), events: count(values.events, 'events') };
  const wantsDistrict = values.size === 'district' || Object.values(explicit).some((v) => v !== undefined);
  const base = values.size === 'district' ? DISTRICT_DEFAULTS : { items: 0, educators: 0, events: 0 };
  const district = {
    items: explicit.items ?? base.items,
    educators: explicit.educators ?? base.educators,
    events: explicit.events ?? base.events,
  };

  const url = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR ?? './data';
  const t0 = performance.now();
  // The district seed's bulk statements run for minutes: no request timeout here.
  const database = await openDatabase(url ? { url, statementTimeoutMs: 0 } : { dataDir });
  console.log(`Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`} — opened and migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    if (values.reset) {
      await reset(database.db);
      console.log('Reset: all tables truncated.');
    }
    const now = clock.now();
    const summary = await seedDemo(database.db, { now });
    if (summary.skipped) {
      console.log(`Demo seed skipped: ${summary.reason}. Use --reset to start again (deletes all data).`);
    } else {
      console.log(`Demo seed done in ${(summary.durationMs / 1000).toFixed(1)} s. Password for all accounts except DEMO: ${summary.password}`);
      console.table(summary.accounts);
    }
    if (wantsDistrict) {
      console.log(`District seed: ${district.items} items, ${district.educators} educators, ${district.events} events…`);
      const t1 = performance.now();
      const result = await seedDistrict(database.db, { ...district, now, log: (m) => console.log(m) });
      console.log(
        `District seed done in ${((performance.now() - t1) / 1000).toFixed(1)} s: ${result.added.events} learner events, ${result.added.learnerProgress} progress rows` +
          (result.districtName ? ` (${result.districtName}; sign in as bench${result.districtName.replace(/\D/g, '') || '1'}.educator1@benchmark.example.org)` : ''),
      );
    }
    console.table(wantsDistrict ? await countTables(database.db) : summary.counts);
    console.log(`Total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // A failed query's own message (drizzle wraps it) says why: "canceling statement due to…".
  const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
  console.error(error instanceof Error ? `${error.message}${cause}` : error);
  process.exitCode = 1;
});
