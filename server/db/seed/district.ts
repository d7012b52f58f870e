import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../client.ts';
import * as t from '../schema.ts';
import { demoPasswordHash, insertChunked, slugify } from './seed.ts';
import { stampBulkCompletions } from '../../repositories/progress.ts';
import { POSTER_DIR, POSTER_EXT } from '../../media/posters.ts';
import { CAPTIONS_DIR, CAPTIONS_EXT } from '../../media/captions.ts';
import { writeMissingCues } from '../../repositories/transcripts.ts';
import { PLAY_SESSION_DAYS } from '../../services/watched.ts';
import { VIDEO_COMPLETE_PERCENT } from '../../../src/lib/video-complete.ts';
import { clock } from '../../clock.ts';

/**
 * A customer's scale, added on top of the demo seed with set-based SQL (INSERT … SELECT … FROM
 * generate_series) so that it loads in minutes on PGlite and PostgreSQL: a publisher's catalogue
 * (several frameworks' strategies, livestreams with recordings, playlists), one large district of
 * 40 schools among 200 other organizations, and its educators' school year of learner events,
 * written as the app writes them (a sign-in a day, play sessions and watched ranges, progress and
 * its first-done times, ratings, scores, applications, bookmarks).
 */
export type DistrictSeedOptions = {
  /** Catalogue items: 84 % learning objects (one per strategy), 10 % livestreams, 6 % playlists. */
  items: number;
  /** Educators of the district's 40 schools; the 200 other organizations get a tenth as many more. */
  educators: number;
  /** Learner events of all those educators over the last 365 days (close to this number). */
  events: number;
  now?: Date;
  /** Progress messages (one line each). */
  log?: (message: string) => void;
};
export type DistrictSeedSummary = {
  districtId: string | null;
  districtName: string | null;
  added: { items: number; educators: number; events: number; learnerProgress: number };
  timingsMs: Record<string, number>;
};

export const DISTRICT_DEFAULTS = { items: 5_000, educators: 20_000, events: 2_000_000 };
/** Where the district is: its school days, and the time zone its benchmarks ask the report in. */
export const DISTRICT_TIME_ZONE = 'America/Chicago';
export const DISTRICT_SCHOOLS = 40;

/** The events one sign-in brings on average (calibrated on this generator: sessions = events / this). */
const EVENTS_PER_SESSION = 11.5;
/** Events generated per statement: bounds the memory of one batch on PGlite. */
const EVENTS_PER_BATCH = 250_000;

const GENERIC_RUBRIC = [
  { value: 1, title: 'Beginning', description: 'I am learning about this practice and have not yet used it with students.' },
  { value: 2, title: 'Developing', description: 'I use this practice occasionally and am still refining the steps.' },
  { value: 3, title: 'Applying', description: 'I use this practice routinely and see evidence that it helps students learn.' },
  { value: 4, title: 'Innovating', description: 'I adapt this practice for different students and share what works with colleagues.' },
];

/** Six frameworks of four strands; each strand has the five elements of ELEMENT_FOCUS. */
const FRAMEWORKS: readonly { title: string; strands: readonly string[] }[] = [
  { title: 'Instructional Practice Framework', strands: ['Planning for Learning', 'Direct Instruction', 'Practising and Deepening', 'Knowledge Application'] },
  { title: 'Classroom Culture Framework', strands: ['Rules and Procedures', 'Engagement', 'Relationships', 'High Expectations'] },
  { title: 'Assessment for Learning Framework', strands: ['Learning Goals', 'Formative Assessment', 'Feedback', 'Student Self-Assessment'] },
  { title: 'Literacy Across Subjects Framework', strands: ['Reading to Learn', 'Academic Vocabulary', 'Writing to Learn', 'Speaking and Listening'] },
  { title: 'Mathematical Thinking Framework', strands: ['Number Sense', 'Problem Solving', 'Reasoning and Proof', 'Mathematical Discourse'] },
  { title: 'Social-Emotional Learning Framework', strands: ['Self-Awareness', 'Self-Management', 'Social Awareness', 'Responsible Decisions'] },
];
const ELEMENT_FOCUS = ['Setting the purpose', 'Modelling and examples', 'Guided practice', 'Checking for understanding', 'Reflection and next steps'];

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
const HOSTS = ['Dr. Amara Osei', 'Luis Carranza', 'Priya Raman', 'Hannah Vogel', 'Marcus Bell', 'Keiko Tanaka', 'Sofia Marin', 'Daniel Okafor'];
const FIRST_NAMES = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Taylor', 'Jamie', 'Quinn', 'Reese', 'Skyler', 'Rowan', 'Emerson', 'Harper', 'Parker', 'Sage', 'Dakota'];
const LAST_NAMES = ['Anders', 'Baptiste', 'Cho', 'Diallo', 'Eriksen', 'Flores', 'Gupta', 'Hoffman', 'Iwu', 'Jovanovic', 'Kim', 'Larsen', 'Mensah', 'Novak', 'Ortega', 'Park', 'Reyes', 'Sato'];

/** A constant text[] literal. The vocabulary is fixed in this file, never user input. */
const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);
/** Picks from a constant array, favouring the first entries (power-law). */
const skewedPick = (values: readonly string[], skew = 1.6) => sql`(${textArray(values)})[1 + floor(power(random(), ${sql.raw(String(skew))}) * ${sql.raw(String(values.length))})::int]`;
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

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

/**
 * The school year's days, each as often as teachers sign in on it (days ago, 0 = today, in the
 * district's time zone): school days ten times, summer school days three times, weekends and the
 * winter break once.
 */
export function schoolYearDays(now: Date, timeZone = DISTRICT_TIME_ZONE): number[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const days: number[] = [];
  for (let ago = 0; ago < 365; ago++) {
    const day = new Date(Date.parse(`${today}T12:00:00Z`) - ago * 86_400_000);
    const monthDay = (day.getUTCMonth() + 1) * 100 + day.getUTCDate();
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const summer = monthDay >= 620 && monthDay <= 815;
    const winterBreak = monthDay >= 1222 || monthDay <= 102;
    const weight = weekend || winterBreak ? 1 : summer ? 3 : 10;
    for (let i = 0; i < weight; i++) days.push(ago);
  }
  return days;
}

export async function seedDistrict(db: Db, opts: DistrictSeedOptions): Promise<DistrictSeedSummary> {
  const { items, educators, events, log } = opts;
  for (const [k, v] of Object.entries({ items, educators, events }))
    if (!Number.isInteger(v) || v < 0) throw new Error(`seedDistrict: ${k} must be a non-negative integer`);
  if (events > 0 && educators === 0) throw new Error('seedDistrict: events need educators to belong to');
  const nowDate = opts.now ?? clock.now();
  const now = sql`${nowDate.toISOString()}::timestamptz`;
  const timings: Record<string, number> = {};

  if ((await scalar(db, sql`select count(*)::int as n from videos`)) === 0) throw new Error('seedDistrict: run seedDemo first (no videos to play)');
  // Each run adds its own items and district beside the earlier ones.
  let run = 1;
  while (
    (await scalar(db, sql`select count(*)::int as n from catalog_items where public_id like ${`d${run}-%`}`)) > 0 ||
    (await scalar(db, sql`select count(*)::int as n from organizations where name = ${run === 1 ? 'Benchmark District' : `Benchmark District ${run}`}`)) > 0
  )
    run++;
  const prefix = `d${run}-`;
  const suffix = run === 1 ? '' : ` (${run})`;

  // ---- frameworks: one strategy per learning object
  const learningObjects = items < 10 ? items : Math.round(items * 0.84);
  const livestreams = items < 10 ? 0 : Math.round(items * 0.1);
  const playlists = items - learningObjects - livestreams;
  const elementIds: string[] = [];
  const strandIds: string[] = [];
  if (items > 0) {
    const nodes: (typeof t.nasotItems.$inferInsert)[] = [];
    const basePosition = await scalar(db, sql`select coalesce(max(position), 0)::int as n from nasot_items where parent_id is null`);
    FRAMEWORKS.forEach((framework, fi) => {
      const category = randomUUID();
      nodes.push({ id: category, parentId: null, type: 'CATEGORY', title: `${framework.title}${suffix}`, description: `Strategies of the ${framework.title.toLowerCase()}.`, position: basePosition + fi + 1 });
      framework.strands.forEach((strandTitle, si) => {
        const strand = randomUUID();
        strandIds.push(strand);
        nodes.push({ id: strand, parentId: category, type: 'STRAND', title: strandTitle, description: `${strandTitle}: what teachers do and what students show.`, position: si + 1 });
        ELEMENT_FOCUS.forEach((focus, ei) => {
          const element = randomUUID();
          elementIds.push(element);
          const title = `${focus} in ${strandTitle.toLowerCase()}`;
          nodes.push({ id: element, parentId: strand, type: 'ELEMENT', title, description: `${title}.`, position: ei + 1, communityUrl: `https://community.example.org/elements/${prefix}${slugify(title)}` });
        });
      });
    });
    await insertChunked(db, t.nasotItems, nodes);
    // A small catalogue fills fewer elements, each with enough strategies for a playlist.
    const usedElements = Math.max(1, Math.min(elementIds.length, Math.floor(learningObjects / 8)));
    await timed(timings, 'strategies', log, () =>
      db.execute(sql`
        with e as (select id, ordinality::int - 1 as n from unnest(${uuidArray(elementIds)}) with ordinality id)
        insert into nasot_items (parent_id, type, title, description, position, community_url)
        select e.id, 'STRATEGY', title, 'Use ' || lower(title) || ' to ' || ${skewedPick(GOALS)} || '.', (g - 1) / ${usedElements} + 1,
          'https://community.example.org/strategies/' || ${prefix}::text || g
        from (select g, ${skewedPick(APPROACHES)} || ' ' || ${skewedPick(PRACTICES, 1.4)} || ' ' || ${skewedPick(CONTEXTS)} as title
              from generate_series(1, ${learningObjects}::int) g) s
        join e on e.n = (g - 1) % ${usedElements}`),
    );
  }
  const newStrategies = sql`select s.id, s.title, s.description, s.parent_id as eid, e.parent_id as stid, st.parent_id as cid,
      row_number() over (order by s.parent_id, s.position) as g
    from nasot_items s join nasot_items e on e.id = s.parent_id join nasot_items st on st.id = e.parent_id
    where s.type = 'STRATEGY' and s.parent_id = any(${uuidArray(elementIds)})`;
  const clip = sql`clip as (
      select url, mime_type, min(duration_seconds) as duration_seconds, (row_number() over (order by url) - 1)::int as n, (count(*) over ())::int as c
      from videos group by url, mime_type)`;
  /** A new video row per item: a shared demo clip with the item's own poster and captions. */
  const videoOf = (source: SQL) => sql`
      insert into videos (id, url, mime_type, duration_seconds, poster_url, captions)
      select video_id, clip.url, clip.mime_type, clip.duration_seconds, ${POSTER_DIR}::text || public_id || ${POSTER_EXT}::text,
        jsonb_build_array(jsonb_build_object('src', ${CAPTIONS_DIR}::text || public_id || ${CAPTIONS_EXT}::text, 'srclang', 'en', 'label', 'English', 'default', true))
      from ${source} src join clip on clip.n = src.g % clip.c
      returning id, duration_seconds`;

  // ---- learning objects: one per strategy, tagged with it and its element, strand and category
  if (learningObjects > 0) {
    await timed(timings, 'learning objects', log, () =>
      db.execute(sql`
        with ${clip}, s as (${newStrategies}),
        src as (
          select s.*, gen_random_uuid() as video_id, gen_random_uuid() as item_id,
            ${prefix}::text || g || '-' || trim(both '-' from regexp_replace(lower(s.title), '[^a-z0-9]+', '-', 'g')) as public_id,
            ${skewedPick(EVIDENCE, 1.2)} as evidence, ${skewedPick(AUDIENCES, 1.2)} as audience,
            ${skewedPick(STEPS, 1.1)} as step1, ${skewedPick(STEPS, 1.1)} as step2, ${skewedPick(STEPS, 1.1)} as step3, random() as r
          from s
        ), video as (${videoOf(sql`src`)}),
        item as (
          insert into catalog_items (id, public_id, resource_type, title, description, thumbnail_url, featured, created_at,
            duration_seconds, video_id, implementation_guide, resources, rubric)
          select item_id, public_id, 'LEARNING_OBJECT', title, description || ' ' || evidence || ' ' || audience || '.',
            ${POSTER_DIR}::text || public_id || ${POSTER_EXT}::text, g % 97 = 0,
            case when g % 31 = 0 then ${now} - r * interval '14 days' else ${now} - (14 + r * 700) * interval '1 day' end,
            round(v.duration_seconds)::int, v.id,
            '## Steps' || E'\n\n1. ' || step1 || E'.\n2. ' || step2 || E'.\n3. ' || step3 || E'.\n\n## Look-fors\n\n- ' || evidence || E'.\n',
            jsonb_build_array(jsonb_build_object('title', 'Planning guide', 'url', 'https://resources.example.org/guides/' || public_id,
              'description', 'A printable guide to planning this strategy.')),
            ${JSON.stringify(GENERIC_RUBRIC)}::jsonb
          from src join video v on v.id = src.video_id
          returning id
        ),
        tags as (
          insert into catalog_item_nasot_items (catalog_item_id, nasot_item_id)
          select src.item_id, x.nid from src join item on item.id = src.item_id cross join lateral (values (src.id), (src.eid), (src.stid), (src.cid)) x(nid)
        )
        insert into reproducible_files (catalog_item_id, title, file_name, mime_type, content, size, position)
        select src.item_id, 'Planning sheet', public_id || '-planning-sheet.txt', 'text/plain', convert_to(doc, 'UTF8'), octet_length(convert_to(doc, 'UTF8')), 1
        from src join item on item.id = src.item_id
        cross join lateral (select title || E'\n\nBefore the lesson: ' || step1 || E'.\nDuring the lesson: ' || step2 || E'.\nAfter the lesson: ' || step3 || E'.\n' as doc) d`),
    );
  }
  // ---- livestreams: most held during the year and recorded, some coming up
  if (livestreams > 0) {
    await timed(timings, 'livestreams', log, () =>
      db.execute(sql`
        with ${clip}, e as (select id, parent_id, ordinality::int - 1 as n from unnest(${uuidArray(elementIds)}) with ordinality id join nasot_items ni using (id)),
        src as (
          select g, gen_random_uuid() as item_id, gen_random_uuid() as video_id, title, ended, minutes, e.id as eid, e.parent_id as stid,
            ${prefix}::text || 'live-' || g || '-' || trim(both '-' from regexp_replace(lower(title), '[^a-z0-9]+', '-', 'g')) as public_id,
            case when ended then ${now} - (1 + random() * 350) * interval '1 day' else ${now} + (1 + random() * 60) * interval '1 day' end as start_date
          from (select g, 'Live: ' || ${skewedPick(APPROACHES)} || ' ' || ${skewedPick(PRACTICES, 1.4)} || ' ' || ${skewedPick(AUDIENCES, 1.2)} as title,
                  g % 8 <> 0 as ended, (array[45, 60, 60, 90])[1 + g % 4] as minutes
                from generate_series(1, ${livestreams}::int) g) x
          join e on e.n = (g * 7) % ${elementIds.length}
        ),
        video as (${videoOf(sql`(select * from src where ended)`)}),
        item as (
          insert into catalog_items (id, public_id, resource_type, title, description, thumbnail_url, created_at, duration_seconds,
            start_date, end_date, join_url, video_id, implementation_guide, resources, rubric)
          select item_id, public_id, 'LIVESTREAM', title, 'A live session with classroom examples and planning time. Hosted by ' || (${textArray(HOSTS)})[1 + g % ${HOSTS.length}] || '.',
            ${POSTER_DIR}::text || public_id || ${POSTER_EXT}::text, least(start_date - interval '21 days', ${now} - interval '1 day'), minutes * 60,
            start_date, start_date + minutes * interval '1 minute', case when not ended then 'https://live.example.org/' || public_id end,
            case when ended then video_id end,
            E'## Session outline\n\n1. Welcome and the problem of practice\n2. Classroom examples\n3. Planning time\n4. Questions from participants\n',
            jsonb_build_array(jsonb_build_object('title', 'Session slides', 'url', 'https://resources.example.org/livestreams/' || public_id || '/slides',
              'description', 'Slides and links shared during the session.')),
            '[]'::jsonb
          from src left join video v on v.id = src.video_id
          returning id
        )
        insert into catalog_item_nasot_items (catalog_item_id, nasot_item_id)
        select src.item_id, x.nid from src join item on item.id = src.item_id cross join lateral (values (src.eid), (src.stid)) x(nid)`),
    );
  }
  // ---- playlists: four to eight strategies of one element
  if (playlists > 0) {
    await timed(timings, 'playlists', log, () =>
      db.execute(sql`
        with lo as (
          select ci.id, ci.duration_seconds, s.parent_id as eid, row_number() over (partition by s.parent_id order by s.position) - 1 as k,
            count(*) over (partition by s.parent_id) as c
          from catalog_items ci join catalog_item_nasot_items t on t.catalog_item_id = ci.id join nasot_items s on s.id = t.nasot_item_id
          where s.type = 'STRATEGY' and s.parent_id = any(${uuidArray(elementIds)}) and ci.public_id like ${`${prefix}%`}
        ),
        -- Elements with enough strategies for a playlist.
        e as (
          select n.id, n.title, n.parent_id, (row_number() over (order by n.id) - 1)::int as n, count(*) over () as c
          from nasot_items n where n.id in (select eid from lo where c >= 4)
        ),
        p as (
          select g, gen_random_uuid() as item_id, e.id as eid, e.parent_id as stid, e.title as element, 4 + g % 5 as size, (g / e.c)::int as round,
            (array['essentials', 'starter set', 'deep dive', 'in practice', 'for teams'])[1 + (g / e.c)::int % 5] as kind
          from generate_series(0, ${playlists - 1}::int) g join e on e.n = g % e.c
        ),
        entries as (
          select p.item_id, lo.id, lo.duration_seconds, row_number() over (partition by p.item_id order by lo.k) as position
          from p join lo on lo.eid = p.eid and lo.k >= (round * 3) % greatest(1, lo.c - p.size + 1)
            and lo.k < (round * 3) % greatest(1, lo.c - p.size + 1) + p.size
        ),
        item as (
          insert into catalog_items (id, public_id, resource_type, title, description, thumbnail_url, featured, created_at, duration_seconds, resources, rubric)
          select p.item_id, ${prefix}::text || 'playlist-' || g, 'PLAYLIST', initcap(element) || ': ' || kind,
            'A sequence of strategies for ' || lower(element) || '.', ${POSTER_DIR}::text || ${prefix}::text || 'playlist-' || g || ${POSTER_EXT}::text,
            g % 23 = 0, ${now} - (random() * 500) * interval '1 day', coalesce(d.total, 0), '[]'::jsonb, '[]'::jsonb
          from p left join (select item_id, sum(duration_seconds)::int as total from entries group by item_id) d on d.item_id = p.item_id
          returning id
        ),
        listed as (insert into playlist_entries (playlist_id, item_id, position) select item_id, id, position from entries)
        insert into catalog_item_nasot_items (catalog_item_id, nasot_item_id)
        select p.item_id, x.nid from p join item on item.id = p.item_id cross join lateral (values (p.eid), (p.stid)) x(nid)`),
    );
  }
  if (items > 0) {
    await timed(timings, 'item audiences', log, () =>
      db.execute(sql`
        with a as (select id, (row_number() over (order by position) - 1)::int as n from audiences),
        c as (select count(*)::int as c from audiences),
        i as (
          select x.id, floor(random() * c.c)::int as n1, floor(random() * c.c)::int as n2, random() < 0.4 as two
          from catalog_items x cross join c where x.public_id like ${`${prefix}%`}
        )
        insert into catalog_item_audiences (catalog_item_id, audience_id)
        select i.id, a.id from i join a on a.n = i.n1
        union
        select i.id, a.id from i join a on a.n = i.n2 where i.two
        on conflict do nothing`),
    );
  }

  // ---- the district, its 40 schools, and 200 other organizations (20 districts of 6 schools, 60 independent schools)
  let districtId: string | null = null;
  let districtName: string | null = null;
  if (educators > 0) {
    districtName = `Benchmark District${run === 1 ? '' : ` ${run}`}`;
    const yearAgo = new Date(nowDate.getTime() - 400 * 86_400_000);
    const orgs: (typeof t.organizations.$inferInsert)[] = [];
    const org = (name: string, type: 'DISTRICT' | 'SCHOOL', parentId: string | null) => {
      const id = randomUUID();
      orgs.push({ id, name, type, parentId, createdAt: yearAgo });
      return id;
    };
    districtId = org(districtName, 'DISTRICT', null);
    const schools = Array.from({ length: DISTRICT_SCHOOLS }, (_, i) => org(`Benchmark School ${String(i + 1).padStart(2, '0')}${suffix}`, 'SCHOOL', districtId));
    const others: string[] = [];
    const payers = [districtId];
    for (let d = 1; d <= 20; d++) {
      const partner = org(`Partner District ${String(d).padStart(2, '0')}${suffix}`, 'DISTRICT', null);
      payers.push(partner);
      for (let s = 1; s <= 6; s++) others.push(org(`Partner District ${String(d).padStart(2, '0')} School ${s}${suffix}`, 'SCHOOL', partner));
    }
    for (let s = 1; s <= 60; s++) {
      const school = org(`Independent School ${String(s).padStart(2, '0')}${suffix}`, 'SCHOOL', null);
      payers.push(school);
      others.push(school);
    }
    await insertChunked(db, t.organizations, orgs);
    await insertChunked(
      db,
      t.subscriptions,
      payers.map((organizationId, i) => ({
        organizationId,
        currentPeriodEnd: new Date(nowDate.getTime() + (30 + (i % 300)) * 86_400_000),
        amountCents: i === 0 ? 2_500_000 : 320_000,
        createdAt: yearAgo,
      })),
    );
    const passwordHash = await demoPasswordHash();
    const members = (emailPart: string, count: number, orgIds: string[], skew: number) =>
      db.execute(sql`
        with s as (select id, ordinality::int - 1 as n from unnest(${uuidArray(orgIds)}) with ordinality id),
        src as (
          select g, floor(power(random(), ${sql.raw(String(skew))}) * ${orgIds.length})::int as school, random() as r,
            case when random() < 0.15 then ${now} - random() * interval '360 days' else ${now} - (400 + random() * 1100) * interval '1 day' end as created
          from generate_series(1, ${count}::int) g
        )
        insert into users (role, organization_id, email, first_name, last_name, password_hash, completed_onboarding, verified_at, created_at)
        select 'USER', s.id, ${`bench${run}.${emailPart}`}::text || g || '@benchmark.example.org',
          (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}], (${textArray(LAST_NAMES)})[1 + (g * 7) % ${LAST_NAMES.length}],
          ${passwordHash}::text, r >= 0.07, created + interval '20 minutes', created
        from src join s on s.n = src.school`);
    await timed(timings, 'educators', log, async () => {
      // Schools of different sizes: the first ones (the high schools) have the most teachers.
      await members('educator', educators, schools, 1.3);
      await members('member', Math.ceil(educators / 10), others, 1);
    });
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
          where u.email like ${`bench${run}.%@benchmark.example.org`}
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

  // ---- a school year of learner events, and what they leave behind
  let added = 0;
  if (events > 0 && districtId) {
    await db.execute(sql`drop table if exists seed_educators, seed_playable`);
    // Onboarded educators only: the app sends everyone else to onboarding first.
    await db.execute(sql`create temp table seed_educators as
      select (row_number() over (order by id))::int as n, id, created_at from users
      where email like ${`bench${run}.%@benchmark.example.org`} and completed_onboarding`);
    // What a learner can play: the strategies and recorded livestreams, the newest first.
    await db.execute(sql`create temp table seed_playable as
      select (row_number() over (order by ci.created_at desc, ci.id) - 1)::int as n, ci.id, v.duration_seconds::real as seconds,
        ci.resource_type = 'LEARNING_OBJECT' as strategy, exists (select 1 from reproducible_files f where f.catalog_item_id = ci.id) as files
      from catalog_items ci join videos v on v.id = ci.video_id where ci.status = 'PUBLISHED'`);
    const learners = await scalar(db, sql`select count(*)::int as n from seed_educators`);
    const playable = await scalar(db, sql`select count(*)::int as n from seed_playable`);
    if (learners > 0 && playable > 0) {
      const sessionsPerLearner = events / EVENTS_PER_SESSION / learners;
      const days = sql`(${`{${schoolYearDays(nowDate).join(',')}}`}::int[])`;
      const perBatch = Math.max(1, Math.ceil((learners * EVENTS_PER_BATCH) / events));
      for (let from = 1; from <= learners; from += perBatch) {
        const to = Math.min(learners, from + perBatch - 1);
        added += await timed(timings, `events of educators ${from}-${to}`, log, () =>
          seedEvents(db, { from, to, now, sessionsPerLearner, days, playable, timeZone: DISTRICT_TIME_ZONE }),
        );
      }
    }
    await db.execute(sql`drop table if exists seed_educators, seed_playable`);
    await timed(timings, 'completion times', log, () => stampBulkCompletions(db));
  }

  // The new items' spoken words, for the search (their captions are generated from them).
  await timed(timings, 'spoken words', log, () => writeMissingCues(db));
  await timed(timings, 'vacuum analyze', log, () => db.execute(sql`vacuum analyze`));
  const learnerProgress = districtId
    ? await scalar(db, sql`select count(*)::int as n from learner_progress p join users u on u.id = p.user_id where u.email like ${`bench${run}.%@benchmark.example.org`}`)
    : 0;
  return { districtId, districtName, added: { items, educators, events: added, learnerProgress }, timingsMs: timings };
}

/**
 * The sessions of educators `from`..`to` (numbers in seed_educators): on school days, in school
 * hours of the district's time zone, each a sign-in (once a day) and one to three items; an item
 * played goes on from where the learner stopped (play sessions cover the next stretch of its
 * video), and a step is taken as the app allows it (rated from half watched, scored and applied
 * once watched, downloads where there are files). Returns the events written.
 */
async function seedEvents(
  db: Db,
  o: { from: number; to: number; now: SQL; sessionsPerLearner: number; days: SQL; playable: number; timeZone: string },
): Promise<number> {
  const { now } = o;
  await db.execute(sql`drop table if exists seed_sessions, seed_visits, seed_events`);
  await db.execute(sql`create temp table seed_sessions as
    select distinct on (u.id, (start at time zone 'UTC')::date) gen_random_uuid() as id, u.id as user_id, u.n, start
    from seed_educators u
    cross join lateral generate_series(1, floor(${o.sessionsPerLearner}::float8 * 2.5 * power(random(), 1.5) + random())::int + 0 * u.n) k
    cross join lateral (select ${o.days}[1 + floor(random() * array_length(${o.days}, 1))::int + 0 * k] as ago) d
    cross join lateral (select (((${now} at time zone ${o.timeZone})::date - d.ago)::timestamp
      + interval '7 hours' + random() * interval '10 hours') at time zone ${o.timeZone} as start) s
    where u.n between ${o.from}::int and ${o.to}::int and s.start > u.created_at + interval '1 hour' and s.start < ${now} - interval '2 hours'
    order by u.id, (start at time zone 'UTC')::date, start`);
  // One to three items a session; 70 % from the learner's own working set, the rest the popular ones.
  await db.execute(sql`create temp table seed_visits as
    with picked as (
      select distinct on (s.id, i.id) s.id as session_id, s.user_id, s.start, k, i.id as item_id, i.seconds, i.strategy, i.files
      from seed_sessions s
      cross join lateral generate_series(1, 1 + (random() < 0.45)::int + (random() < 0.15)::int + 0 * s.n) k
      cross join lateral (select case when random() < 0.7
          then ((s.n::bigint * 7919 + floor(power(random(), 1.5) * 30)::bigint) % ${o.playable}::int)::int
          else floor(power(random(), 2.0) * ${o.playable}::int)::int end + 0 * k as inum) x
      join seed_playable i on i.n = x.inum
      order by s.id, i.id, k
    ), drawn as (
      select picked.*, start + (k - 1) * interval '12 minutes' + interval '30 seconds' as t0,
        (array[25, 50, 50, 100, 100])[1 + floor(random() * 5)::int] as inc, 2 + floor(random() * 3)::int as steps,
        random() as r_bookmark, random() as r_download, random() as r_rate, random() as r_rubric, random() as r_apply,
        1 + floor(power(random(), 0.6) * 5)::int as rating, 1 + floor(random() * 4)::int as score
      from picked
    ), cumulative as (
      select drawn.*, least(100, coalesce(sum(inc) over (partition by user_id, item_id order by t0 rows between unbounded preceding and 1 preceding), 0)) as prev
      from drawn
    )
    select cumulative.*, least(100, prev + inc) as cur, gen_random_uuid() as play_session_id,
      round((prev / 100.0 * seconds)::numeric, 1)::real as prev_s, round((least(100, prev + inc) / 100.0 * seconds)::numeric, 1)::real as cur_s
    from cumulative`);
  // Every event of the visits, with the seconds its play session has covered by then (a video
  // already watched to the end is not played again).
  await db.execute(sql`create temp table seed_events as
    with v as (select * from seed_visits),
    e as (
      select v.user_id, v.item_id, 'CATALOG_ITEM_VISITED' as type, v.t0 as at, jsonb_build_object('catalogItemId', v.item_id) as data, null::real as upto, v.seconds from v
      union all
      select v.user_id, v.item_id, 'VIDEO_PLAYED', v.t0 + interval '5 seconds',
        jsonb_build_object('catalogItemId', v.item_id, 'playSessionId', v.play_session_id, 'position', v.prev_s), null, v.seconds from v where v.prev < 100
      union all
      select v.user_id, v.item_id, 'VIDEO_TIMEUPDATED', v.t0 + interval '5 seconds' + j * ((v.cur_s - v.prev_s) / v.steps) * interval '1 second',
        jsonb_build_object('catalogItemId', v.item_id, 'playSessionId', v.play_session_id, 'position', x.upto, 'watched', jsonb_build_array(jsonb_build_array(v.prev_s, x.upto))),
        x.upto, v.seconds
      from v cross join lateral generate_series(1, v.steps) j
      cross join lateral (select round((v.prev_s + (v.cur_s - v.prev_s) * j / v.steps)::numeric, 1)::real as upto) x
      where v.prev < 100
      union all
      select v.user_id, v.item_id, 'VIDEO_PAUSED', v.t0 + interval '6 seconds' + (v.cur_s - v.prev_s) * interval '1 second',
        jsonb_build_object('catalogItemId', v.item_id, 'playSessionId', v.play_session_id, 'position', v.cur_s), null, v.seconds from v where v.prev < 100
      union all
      select v.user_id, v.item_id, 'BOOKMARK_UPDATED', v.t0 + v.seconds * interval '1 second' + interval '20 seconds',
        jsonb_build_object('catalogItemId', v.item_id, 'saved', true), null, v.seconds from v where v.r_bookmark < 0.12
      union all
      select v.user_id, v.item_id, 'REPRODUCIBLES_DOWNLOADED', v.t0 + v.seconds * interval '1 second' + interval '40 seconds',
        jsonb_build_object('catalogItemId', v.item_id), null, v.seconds from v where v.files and v.r_download < 0.3
      union all
      select v.user_id, v.item_id, 'CATALOG_ITEM_RATED', v.t0 + v.seconds * interval '1 second' + interval '60 seconds',
        jsonb_build_object('catalogItemId', v.item_id, 'value', v.rating), null, v.seconds from v where v.cur >= 50 and v.r_rate < 0.3
      union all
      select v.user_id, v.item_id, 'RUBRIC_SCORE_SAVED', v.t0 + v.seconds * interval '1 second' + interval '90 seconds',
        jsonb_build_object('catalogItemId', v.item_id, 'value', v.score), null, v.seconds from v where v.strategy and v.cur >= ${VIDEO_COMPLETE_PERCENT} and v.r_rubric < 0.3
      union all
      select v.user_id, v.item_id, 'STRATEGY_APPLICATION_UPDATED', v.t0 + v.seconds * interval '1 second' + interval '120 seconds',
        jsonb_build_object('catalogItemId', v.item_id, 'applied', true), null, v.seconds from v where v.strategy and v.cur >= ${VIDEO_COMPLETE_PERCENT} and v.r_apply < 0.25
      union all
      select v.user_id, v.item_id, 'CATALOG_ITEM_LEFT', v.t0 + v.seconds * interval '1 second' + interval '150 seconds',
        jsonb_build_object('catalogItemId', v.item_id), null, v.seconds from v
    )
    select e.*, e.at + (1 + random() * 2) * interval '1 second' as received_at from e`);
  // A sign-in counts once a day (UTC), on receipt; events of a play session count when they
  // happened, every other event when the server heard of it.
  await db.execute(sql`insert into learner_logins (user_id, day) select user_id, (start at time zone 'UTC')::date from seed_sessions on conflict do nothing`);
  const written = await scalar(
    db,
    sql`with ins as (
      insert into learner_events (id, user_id, type, occurred_at, catalog_item_id, data, received_at, credited_at)
      select gen_random_uuid(), user_id, 'LEARNER_LOGIN', start, null, '{}'::jsonb, start, start from seed_sessions
      union all
      select gen_random_uuid(), user_id, type, at, item_id, data, received_at,
        case when type in ('VIDEO_PLAYED', 'VIDEO_TIMEUPDATED', 'VIDEO_PAUSED') then at else received_at end
      from seed_events
      returning 1
    ) select count(*)::int as n from ins`,
  );
  // The play sessions still kept: those of the last days, as starting a new one deletes older ones.
  await db.execute(sql`insert into play_sessions (id, user_id, catalog_item_id, started_at, watched)
    select play_session_id, user_id, item_id, t0 + interval '4 seconds', jsonb_build_array(jsonb_build_array(prev_s, cur_s))
    from seed_visits where prev < 100 and t0 >= ${now} - ${PLAY_SESSION_DAYS} * interval '1 day'`);
  // Progress as the write path leaves it: watched from the start to where the learner got, the
  // steps' flags, and when each step was first done.
  await db.execute(sql`
    insert into learner_progress (user_id, catalog_item_id, last_interaction_at, video_progress, video_position, watched_ranges,
      are_reproducibles_downloaded, is_catalog_item_rated, is_rubric_score_saved, is_strategy_applied, watched_at, rated_at, applied_at, rubric_scored_at)
    select user_id, item_id, max(at), least(100, floor(coalesce(max(upto), 0) / max(seconds) * 1000 + 1e-6) / 10),
      coalesce(max(upto), 0),
      case when max(upto) > 0 then jsonb_build_array(jsonb_build_array(0, max(upto))) else '[]'::jsonb end,
      bool_or(type = 'REPRODUCIBLES_DOWNLOADED'), bool_or(type = 'CATALOG_ITEM_RATED'), bool_or(type = 'RUBRIC_SCORE_SAVED'), bool_or(type = 'STRATEGY_APPLICATION_UPDATED'),
      min(at) filter (where type = 'VIDEO_TIMEUPDATED' and floor(upto / seconds * 1000 + 1e-6) / 10 >= ${VIDEO_COMPLETE_PERCENT}),
      min(at) filter (where type = 'CATALOG_ITEM_RATED'), min(at) filter (where type = 'STRATEGY_APPLICATION_UPDATED'),
      min(at) filter (where type = 'RUBRIC_SCORE_SAVED')
    from seed_events group by user_id, item_id
    -- Started items only (server/services/progress.ts): a visit alone leaves no row.
    having floor(coalesce(max(upto), 0) / max(seconds) * 1000 + 1e-6) > 0 or bool_or(type in ('REPRODUCIBLES_DOWNLOADED', 'CATALOG_ITEM_RATED', 'RUBRIC_SCORE_SAVED', 'STRATEGY_APPLICATION_UPDATED'))`);
  await db.execute(sql`insert into ratings (user_id, catalog_item_id, value, created_at)
    select distinct on (user_id, item_id) user_id, item_id, (data->>'value')::smallint, at from seed_events where type = 'CATALOG_ITEM_RATED'
    order by user_id, item_id, at desc`);
  await db.execute(sql`insert into rubric_scores (user_id, catalog_item_id, value, updated_at)
    select distinct on (user_id, item_id) user_id, item_id, (data->>'value')::smallint, at from seed_events where type = 'RUBRIC_SCORE_SAVED'
    order by user_id, item_id, at desc`);
  await db.execute(sql`insert into strategy_applications (user_id, catalog_item_id, applied_at)
    select user_id, item_id, min(at) from seed_events where type = 'STRATEGY_APPLICATION_UPDATED' group by user_id, item_id`);
  await db.execute(sql`insert into bookmarks (user_id, catalog_item_id, created_at)
    select user_id, item_id, min(at) from seed_events where type = 'BOOKMARK_UPDATED' group by user_id, item_id`);
  await db.execute(sql`drop table seed_sessions, seed_visits, seed_events`);
  return written;
}
