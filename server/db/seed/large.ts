import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../client.ts';
import * as t from '../schema.ts';
import { demoPasswordHash } from './seed.ts';
import { stampBulkCompletions, stampBulkFirstDone } from '../../repositories/progress.ts';
import { POSTER_DIR, POSTER_EXT } from '../../media/posters.ts';
import { CAPTIONS_DIR, CAPTIONS_EXT } from '../../media/captions.ts';
import { clock } from '../../clock.ts';

/**
 * Bulk data for benchmarks, added on top of the demo seed with set-based SQL
 * (INSERT … SELECT … FROM generate_series) so that it loads in minutes on PGlite and PostgreSQL.
 */
export type LargeSeedOptions = {
  items: number;
  educators: number;
  events: number;
  now?: Date;
  /** Progress messages (one line each). */
  log?: (message: string) => void;
};
export type LargeSeedSummary = {
  districtId: string | null;
  districtName: string | null;
  added: { items: number; educators: number; events: number; learnerProgress: number };
  timingsMs: Record<string, number>;
};

const GENERIC_RUBRIC = [
  { value: 1, title: 'Beginning', description: 'I am learning about this practice and have not yet used it with students.' },
  { value: 2, title: 'Developing', description: 'I use this practice occasionally and am still refining the steps.' },
  { value: 3, title: 'Applying', description: 'I use this practice routinely and see evidence that it helps students learn.' },
  { value: 4, title: 'Innovating', description: 'I adapt this practice for different students and share what works with colleagues.' },
];

const ITEM_BATCH = 20_000;
const EVENT_BATCH = 100_000;

// Vocabulary for generated titles and descriptions. Earlier words are picked more often
// (power-law selection below), so search terms have a realistic, skewed distribution.
const APPROACHES = [
  'Collaborative', 'Structured', 'Student-led', 'Visible', 'Rapid', 'Reflective', 'Inclusive', 'Scaffolded', 'Playful',
  'Data-informed', 'Culturally responsive', 'Hands-on', 'Inquiry-driven', 'Low-stakes', 'Differentiated', 'Socratic',
  'Gamified', 'Explicit', 'Flexible', 'Project-based', 'Peer-assisted', 'Multisensory', 'Spaced', 'Interleaved', 'Quiet',
];
const PRACTICES = [
  'questioning routines', 'exit tickets', 'vocabulary games', 'feedback conferences', 'retrieval warm-ups', 'think-alouds',
  'discussion protocols', 'goal-setting', 'error analysis', 'choice boards', 'graphic organizers', 'peer review',
  'learning targets', 'success criteria', 'transition routines', 'reading conferences', 'number talks', 'writing workshops',
  'lab investigations', 'debate structures', 'station rotations', 'self-assessment', 'concept mapping',
  'progress monitoring', 'family outreach', 'classroom agreements', 'brain breaks', 'jigsaw groups', 'fluency practice',
  'formative checks', 'worked examples', 'anticipation guides', 'gallery walks', 'learning journals', 'morning meetings',
];
const CONTEXTS = [
  'in science', 'in mathematics', 'in English language arts', 'in social studies', 'in world languages', 'in the arts',
  'in physical education', 'across the curriculum', 'in computer science', 'in early literacy', 'in history',
  'in chemistry', 'in algebra', 'in geometry', 'in biology', 'in music', 'in career and technical education',
];
const AUDIENCES = [
  'for kindergarten', 'for primary grades', 'for upper elementary', 'for middle school', 'for high school',
  'for multilingual learners', 'for students with IEPs', 'for advanced learners', 'for new teachers', 'for co-taught classes',
];
const GOALS = [
  'build deeper understanding', 'increase participation', 'close learning gaps', 'strengthen academic vocabulary',
  'improve writing quality', 'boost student motivation', 'develop independent learners', 'make thinking visible',
  'support struggling readers', 'accelerate problem solving', 'reduce off-task behavior', 'grow reasoning skills',
  'encourage respectful debate', 'help students remember more', 'give every student a voice',
];
const EVIDENCE = [
  'Students explain their reasoning aloud', 'More students volunteer answers', 'Work samples show fewer repeated errors',
  'Students use the vocabulary in writing', 'Transitions take less time', 'Students revise their work without prompting',
  'Discussion builds on classmates\u2019 ideas', 'Exit ticket results improve week over week', 'Quiet students contribute more',
  'Students can name their next step',
];
const STEPS = [
  'Model the routine with a short example', 'Give students a sentence frame', 'Set a visible timer', 'Pair students deliberately',
  'Collect a quick sample of responses', 'Name one strength and one next step', 'Revisit the learning target',
  'Let students practise in pairs first', 'Check for understanding before releasing', 'Close with a one-minute reflection',
  'Display the success criteria', 'Rotate roles within each group',
];
const FIRST_NAMES = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Taylor', 'Jamie', 'Quinn', 'Reese', 'Skyler', 'Rowan', 'Emerson', 'Harper', 'Parker', 'Sage', 'Dakota'];
const LAST_NAMES = ['Anders', 'Baptiste', 'Cho', 'Diallo', 'Eriksen', 'Flores', 'Gupta', 'Hoffman', 'Iwu', 'Jovanovic', 'Kim', 'Larsen', 'Mensah', 'Novak', 'Ortega', 'Park', 'Reyes', 'Sato'];

/** A constant text[] literal. The vocabulary is fixed in this file, never user input. */
const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);
/** Picks from a constant array, favouring the first entries (power-law). */
const skewedPick = (values: readonly string[], skew = 1.6) => sql`(${textArray(values)})[1 + floor(power(random(), ${sql.raw(String(skew))}) * ${sql.raw(String(values.length))})::int]`;

async function timed<T>(timings: Record<string, number>, name: string, log: ((m: string) => void) | undefined, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  timings[name] = Math.round(performance.now() - start);
  log?.(`  ${name}: ${(timings[name] / 1000).toFixed(1)} s`);
  return result;
}

async function scalar(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

export async function seedLarge(db: Db, opts: LargeSeedOptions): Promise<LargeSeedSummary> {
  const { items, educators, events, log } = opts;
  for (const [k, v] of Object.entries({ items, educators, events }))
    if (!Number.isInteger(v) || v < 0) throw new Error(`seedLarge: ${k} must be a non-negative integer`);
  if (events > 0 && educators === 0) throw new Error('seedLarge: events need educators to belong to');
  const nowDate = opts.now ?? clock.now();
  const now = sql`${nowDate.toISOString()}::timestamptz`;
  const timings: Record<string, number> = {};

  const strategies = await scalar(db, sql`select count(*)::int as n from nasot_items where type = 'STRATEGY'`);
  if (strategies === 0) throw new Error('seedLarge: run seedDemo first (no strategies found)');
  const run = 1 + (await scalar(db, sql`select count(*)::int as n from organizations where name like 'Benchmark District%'`));
  const prefix = `b${run}-`;

  // ---- catalogue items
  for (let from = 1; from <= items; from += ITEM_BATCH) {
    const to = Math.min(items, from + ITEM_BATCH - 1);
    await timed(timings, `items ${from}-${to}`, log, () =>
      db.execute(sql`
        with clip as (
          select url, mime_type, min(duration_seconds) as duration_seconds,
            (row_number() over (order by url) - 1)::int as n, (count(*) over ())::int as c
          from videos group by url, mime_type
        ), src as (
          select g, gen_random_uuid() as video_id,
            ${skewedPick(APPROACHES)} as approach,
            ${skewedPick(PRACTICES, 1.4)} as practice,
            ${skewedPick(CONTEXTS)} as context,
            ${skewedPick(AUDIENCES, 1.2)} as audience,
            ${skewedPick(GOALS)} as goal,
            ${skewedPick(EVIDENCE, 1.2)} as evidence,
            ${skewedPick(STEPS, 1.1)} as step1,
            ${skewedPick(STEPS, 1.1)} as step2,
            ${skewedPick(STEPS, 1.1)} as step3,
            random() as r
          from generate_series(${from}::int, ${to}::int) g
        ), titled as (
          select src.*, approach || ' ' || practice || ' ' || case when r < 0.5 then context else audience end as title from src
        ), named as (
          select titled.*, ${prefix}::text || g::text || '-' || trim(both '-' from regexp_replace(lower(title), '[^a-z0-9]+', '-', 'g')) as public_id
          from titled
        ), video as (
          -- Each item's own video row: a shared demo clip with the item's own poster and captions.
          insert into videos (id, url, mime_type, duration_seconds, poster_url, captions)
          select video_id, clip.url, clip.mime_type, clip.duration_seconds,
            ${POSTER_DIR}::text || public_id || ${POSTER_EXT}::text,
            jsonb_build_array(jsonb_build_object('src', ${CAPTIONS_DIR}::text || public_id || ${CAPTIONS_EXT}::text, 'srclang', 'en', 'label', 'English', 'default', true))
          from named join clip on clip.n = g % clip.c
          returning id, poster_url, duration_seconds
        )
        insert into catalog_items (public_id, resource_type, title, description, thumbnail_url, featured, created_at,
          duration_seconds, video_id, implementation_guide, resources, rubric)
        select
          public_id,
          'LEARNING_OBJECT',
          title,
          'Use ' || lower(approach) || ' ' || practice || ' to ' || goal || ' ' || audience || '. ' || evidence || ' when it works well.',
          v.poster_url,
          g % 97 = 0,
          ${now} - (r * 540) * interval '1 day',
          round(v.duration_seconds)::int,
          v.id,
          '## Steps' || E'\n\n1. ' || step1 || E'.\n2. ' || step2 || E'.\n3. ' || step3 || E'.\n\n## Look-fors\n\n- ' || evidence || E'.\n',
          jsonb_build_array(jsonb_build_object(
            'title', initcap(practice) || ' planning guide',
            'url', 'https://resources.example.org/guides/' || regexp_replace(practice, '[^a-z0-9]+', '-', 'g'),
            'description', 'A printable guide to planning ' || practice || '.')),
          ${JSON.stringify(GENERIC_RUBRIC)}::jsonb
        from named join video v on v.id = named.video_id`),
    );
  }
  if (items > 0) {
    const newItems = sql`select id from catalog_items where public_id like ${`${prefix}%`}`;
    await timed(timings, 'item tags', log, () =>
      db.execute(sql`
        with s as (
          select s.id as sid, e.id as eid, e.parent_id as stid, st.parent_id as cid, (row_number() over (order by s.id) - 1)::int as n
          from nasot_items s join nasot_items e on e.id = s.parent_id join nasot_items st on st.id = e.parent_id
          where s.type = 'STRATEGY'
        ), i as (
          select id, floor(random() * ${strategies})::int as n from (${newItems}) x
        )
        insert into catalog_item_nasot_items (catalog_item_id, nasot_item_id)
        select i.id, x.nid from i join s on s.n = i.n cross join lateral (values (s.sid), (s.eid), (s.stid), (s.cid)) as x(nid)
        on conflict do nothing`),
    );
    await timed(timings, 'item audiences', log, () =>
      db.execute(sql`
        with a as (select id, (row_number() over (order by position) - 1)::int as n from audiences),
        c as (select count(*)::int as c from audiences),
        i as (
          select x.id, floor(random() * c.c)::int as n1, floor(random() * c.c)::int as n2, random() < 0.4 as two
          from (${newItems}) x cross join c
        )
        insert into catalog_item_audiences (catalog_item_id, audience_id)
        select i.id, a.id from i join a on a.n = i.n1
        union
        select i.id, a.id from i join a on a.n = i.n2 where i.two
        on conflict do nothing`),
    );
  }

  // ---- district, schools, educators
  let districtId: string | null = null;
  let districtName: string | null = null;
  if (educators > 0) {
    districtName = run === 1 ? 'Benchmark District' : `Benchmark District ${run}`;
    const [district] = await db
      .insert(t.organizations)
      .values({ name: districtName, type: 'DISTRICT', createdAt: new Date(nowDate.getTime() - 30 * 86_400_000) })
      .returning({ id: t.organizations.id });
    districtId = district!.id;
    await db.execute(sql`
      insert into organizations (name, type, parent_id, created_at)
      select 'Benchmark School ' || lpad(g::text, 2, '0'), 'SCHOOL', ${districtId}::uuid, ${now} - interval '30 days' from generate_series(1, 20) g`);
    await db.insert(t.subscriptions).values({
      organizationId: districtId,
      currentPeriodEnd: new Date(nowDate.getTime() + 335 * 86_400_000),
      amountCents: 2_500_000,
      createdAt: new Date(nowDate.getTime() - 30 * 86_400_000),
    });
    const passwordHash = await demoPasswordHash();
    await timed(timings, 'educators', log, () =>
      db.execute(sql`
        with s as (select id, (row_number() over (order by name) - 1)::int as n from organizations where parent_id = ${districtId}::uuid),
        src as (select g, ${now} - (61 + random() * 400) * interval '1 day' as created from generate_series(1, ${educators}::int) g)
        insert into users (role, organization_id, email, first_name, last_name, password_hash, completed_onboarding, verified_at, created_at)
        select 'USER', s.id, ${`bench${run}.educator`}::text || g || '@benchmark.example.org',
          (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
          (${textArray(LAST_NAMES)})[1 + (g * 7) % ${LAST_NAMES.length}],
          ${passwordHash}::text, g % 10 <> 0, created, created
        from src join s on s.n = g % 20`),
    );
    await timed(timings, 'profiles', log, () =>
      db.execute(sql`
        with n as (select id, (row_number() over (order by id) - 1)::int as n from nasot_items where type in ('STRAND', 'ELEMENT')),
        nc as (select count(*)::int as c from n),
        a as (select id, (row_number() over (order by position) - 1)::int as n from audiences),
        ac as (select count(*)::int as c from audiences),
        u as (
          select u.id, u.completed_onboarding, u.created_at,
            floor(random() * nc.c)::int as i1, floor(random() * nc.c)::int as i2, floor(random() * ac.c)::int as ai, random() as r
          from users u cross join nc cross join ac
          where u.organization_id in (select id from organizations where parent_id = ${districtId}::uuid)
        )
        insert into profiles (user_id, interest_ids, audience_id, experience_level, updated_at)
        select u.id,
          case when u.completed_onboarding then array(select distinct x from unnest(array[n1.id, n2.id]) x) else '{}'::uuid[] end,
          case when u.completed_onboarding then a.id end,
          case when not u.completed_onboarding then null when r < 0.2 then 'NEW' when r < 0.5 then 'ESTABLISHED' when r < 0.8 then 'EXPERIENCED' else 'VETERAN' end,
          u.created_at
        from u join n n1 on n1.n = u.i1 join n n2 on n2.n = u.i2 join a on a.n = u.ai`),
    );
  }

  // ---- learner events and derived rows
  if (events > 0 && districtId) {
    const districtUsers = sql`select u.id from users u join organizations o on o.id = u.organization_id where o.parent_id = ${districtId}::uuid`;
    for (let from = 1; from <= events; from += EVENT_BATCH) {
      const to = Math.min(events, from + EVENT_BATCH - 1);
      await timed(timings, `events ${from}-${to}`, log, () =>
        db.execute(sql`
          with u as (select id, (row_number() over (order by id) - 1)::int as n from (${districtUsers}) x),
          i as (
            select id, duration_seconds, (row_number() over (order by created_at desc, id) - 1)::int as n
            from catalog_items where resource_type = 'LEARNING_OBJECT'
          ),
          c as (select (select count(*) from u)::int as nu, (select count(*) from i)::int as ni),
          ev0 as (
            select g,
              floor(power(random(), 1.3) * c.nu)::int as un,
              random() as pick,
              random() as r,
              random() as r2,
              ${now} - power(random(), 1.2) * interval '60 days' - interval '1 second' as ts
            from generate_series(${from}::int, ${to}::int) g cross join c
          ),
          ev as (
            -- 70% of a learner's events stay on a personal working set of ~40 items, the rest follow
            -- a global popularity curve, so progress rows usually gather several events.
            select ev0.*,
              case when pick < 0.7
                then ((un::bigint * 7919 + floor(power(random(), 1.5) * 40)::bigint) % c.ni)::int
                else floor(power(random(), 2.0) * c.ni)::int end as inum
            from ev0 cross join c
          ),
          typed as (
            select ev.*, case
              when r < 0.10 then 'LEARNER_LOGIN'
              when r < 0.28 then 'CATALOG_ITEM_VISITED'
              when r < 0.40 then 'VIDEO_PLAYED'
              when r < 0.70 then 'VIDEO_TIMEUPDATED'
              when r < 0.77 then 'VIDEO_PAUSED'
              when r < 0.82 then 'REPRODUCIBLES_DOWNLOADED'
              when r < 0.86 then 'CATALOG_ITEM_RATED'
              when r < 0.89 then 'RUBRIC_SCORE_SAVED'
              when r < 0.92 then 'STRATEGY_APPLICATION_UPDATED'
              when r < 0.95 then 'BOOKMARK_UPDATED'
              else 'CATALOG_ITEM_LEFT' end as type
            from ev
          )
          insert into learner_events (id, user_id, type, occurred_at, catalog_item_id, data, received_at, credited_at)
          select gen_random_uuid(), u.id, e.type, e.ts,
            case when e.type = 'LEARNER_LOGIN' then null else i.id end,
            case e.type
              when 'LEARNER_LOGIN' then '{}'::jsonb
              when 'VIDEO_TIMEUPDATED' then jsonb_build_object('catalogItemId', i.id,
                'progress', least(100, floor(e.r2 * 115))::int,
                'position', round((least(100, floor(e.r2 * 115)) / 100.0 * coalesce(i.duration_seconds, 0))::numeric, 1))
              when 'CATALOG_ITEM_RATED' then jsonb_build_object('catalogItemId', i.id, 'value', 1 + floor(e.r2 * 5)::int)
              when 'RUBRIC_SCORE_SAVED' then jsonb_build_object('catalogItemId', i.id, 'value', 1 + floor(e.r2 * 4)::int)
              when 'STRATEGY_APPLICATION_UPDATED' then jsonb_build_object('catalogItemId', i.id, 'applied', true)
              when 'BOOKMARK_UPDATED' then jsonb_build_object('catalogItemId', i.id, 'saved', true)
              else jsonb_build_object('catalogItemId', i.id) end,
            e.ts + interval '2 seconds', e.ts + interval '2 seconds'
          from typed e join u on u.n = e.un join i on i.n = e.inum`),
      );
    }
    const ofDistrict = sql`user_id in (${districtUsers})`;
    await timed(timings, 'learner progress', log, () =>
      db.execute(sql`
        insert into learner_progress (user_id, catalog_item_id, last_interaction_at, video_progress, video_position,
          are_reproducibles_downloaded, is_catalog_item_rated, is_rubric_score_saved, is_strategy_applied)
        select user_id, catalog_item_id, max(occurred_at),
          coalesce(max((data->>'progress')::real) filter (where type = 'VIDEO_TIMEUPDATED'), 0),
          coalesce(max((data->>'position')::real) filter (where type = 'VIDEO_TIMEUPDATED'), 0),
          bool_or(type = 'REPRODUCIBLES_DOWNLOADED'),
          bool_or(type = 'CATALOG_ITEM_RATED'),
          bool_or(type = 'RUBRIC_SCORE_SAVED'),
          bool_or(type = 'STRATEGY_APPLICATION_UPDATED')
        from learner_events
        where ${ofDistrict} and catalog_item_id is not null
        group by user_id, catalog_item_id
        on conflict do nothing`),
    );
    await timed(timings, 'completion times', log, () => stampBulkCompletions(db));
    await timed(timings, 'ratings, rubric scores, applications, bookmarks', log, async () => {
      await db.execute(sql`
        insert into ratings (user_id, catalog_item_id, value, created_at)
        select distinct on (user_id, catalog_item_id) user_id, catalog_item_id, (data->>'value')::smallint, occurred_at
        from learner_events where type = 'CATALOG_ITEM_RATED' and ${ofDistrict}
        order by user_id, catalog_item_id, occurred_at desc
        on conflict do nothing`);
      await db.execute(sql`
        insert into rubric_scores (user_id, catalog_item_id, value, updated_at)
        select distinct on (user_id, catalog_item_id) user_id, catalog_item_id, (data->>'value')::smallint, occurred_at
        from learner_events where type = 'RUBRIC_SCORE_SAVED' and ${ofDistrict}
        order by user_id, catalog_item_id, occurred_at desc
        on conflict do nothing`);
      await db.execute(sql`
        insert into strategy_applications (user_id, catalog_item_id, applied_at)
        select user_id, catalog_item_id, min(occurred_at)
        from learner_events where type = 'STRATEGY_APPLICATION_UPDATED' and ${ofDistrict}
        group by user_id, catalog_item_id
        on conflict do nothing`);
      await db.execute(sql`
        insert into bookmarks (user_id, catalog_item_id, created_at)
        select user_id, catalog_item_id, min(occurred_at)
        from learner_events where type = 'BOOKMARK_UPDATED' and ${ofDistrict}
        group by user_id, catalog_item_id
        on conflict do nothing`);
    });
    await timed(timings, 'first-done times', log, () => stampBulkFirstDone(db));
  }

  // The bulk load writes each item 2-3 times (its framework tags, audiences and ratings reach the
  // row through triggers, and an indexed column changes, so no update is in place): 100,000 items
  // left catalog_items and its indexes at 1,388 MB for 474 MB of live data, and nothing is inserted
  // afterwards to reuse the space. A catalogue edited an item at a time has autovacuum hand that
  // space back to its next writes. So the catalogue is compacted once, as after any bulk import,
  // then vacuumed, which index-only scans need (VACUUM FULL leaves no page marked all-visible).
  if (items > 0) {
    await timed(timings, 'compact catalogue', log, async () => {
      await db.execute(sql`vacuum (full) catalog_items`);
      await db.execute(sql`vacuum catalog_items`);
      // The words' rows (migration 0018) are written once, by the items' triggers: marked visible
      // for the search's index-only reads.
      await db.execute(sql`vacuum catalog_search_terms`);
    });
  }
  await timed(timings, 'analyze', log, () => db.execute(sql`analyze`));
  const learnerProgress = districtId
    ? await scalar(
        db,
        sql`select count(*)::int as n from learner_progress where user_id in (select u.id from users u join organizations o on o.id = u.organization_id where o.parent_id = ${districtId}::uuid)`,
      )
    : 0;
  return { districtId, districtName, added: { items, educators, events, learnerProgress }, timingsMs: timings };
}
