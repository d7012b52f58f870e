import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { hash } from '@node-rs/argon2';
import { rows, type Db } from '../client.ts';
import * as t from '../schema.ts';
import type { ResourceLink, RubricLevel } from '../schema.ts';
import type { LearnerEventType } from '../../contract.ts';
import { framework, type StrategyDef } from './content/framework.ts';
import * as content from './content/catalog.ts';
import { stampBulkCompletions, stampBulkFirstDone } from '../../repositories/progress.ts';
import { posterPath } from '../../media/posters.ts';
import { captionsPath } from '../../media/captions.ts';
import { writeMissingCues } from '../../repositories/transcripts.ts';
import { clock } from '../../clock.ts';

/** Shared password of every seeded account that has one. */
export const DEMO_PASSWORD = 'Welcome-2026!';
export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const CHUNK = 500;

export type SeedRole = 'ADMIN' | 'DISTRICT_ADMIN' | 'SCHOOL_ADMIN' | 'USER' | 'DEMO';
export type SeedAccount = { email: string; role: SeedRole; note: string };
export type SeedSummary = {
  /** Present (true) only when the database already held data and nothing was written. */
  skipped?: true;
  reason?: string;
  /** Row counts per table after seeding. */
  counts: Record<string, number>;
  accounts: SeedAccount[];
  password: string;
  durationMs: number;
};

export const SEEDED_TABLES = [
  'organizations',
  'users',
  'profiles',
  'audiences',
  'nasot_items',
  'videos',
  'catalog_items',
  'catalog_item_nasot_items',
  'catalog_item_audiences',
  'playlist_entries',
  'reproducible_files',
  'payment_methods',
  'subscriptions',
  'transactions',
  'learner_events',
  'learner_progress',
  'ratings',
  'rubric_scores',
  'strategy_applications',
  'bookmarks',
] as const;

// ---------------------------------------------------------------- helpers

/** Small deterministic PRNG so that the same seed gives the same data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const int = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
function pick<T>(rand: Rand, list: readonly T[]): T {
  const v = list[Math.floor(rand() * list.length)];
  if (v === undefined) throw new Error('pick from empty list');
  return v;
}
function pickSome<T>(rand: Rand, list: readonly T[], n: number): T[] {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < n && copy.length > 0) out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0] as T);
  return out;
}
function weighted<T>(rand: Rand, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let r = rand() * total;
  for (const [value, w] of options) {
    r -= w;
    if (r < 0) return value;
  }
  return options[options.length - 1]![0];
}

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const lcFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const noDot = (s: string) => s.replace(/[.!?]+$/, '');
const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Inserts in chunks: PGlite is single-connection, so keep statements small. */
export async function insertChunked<T extends PgTable>(db: Db, table: T, values: PgInsertValue<T>[], size = CHUNK): Promise<void> {
  for (let i = 0; i < values.length; i += size) await db.insert(table).values(values.slice(i, i + size));
}

export async function countTables(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of SEEDED_TABLES) {
    const [row] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Argon2 hash of the shared demo password (computed once per process). */
let passwordHashPromise: Promise<string> | undefined;
export function demoPasswordHash(): Promise<string> {
  passwordHashPromise ??= hash(DEMO_PASSWORD);
  return passwordHashPromise;
}

const FIRST_NAMES = [
  'Avery', 'Maya', 'Jonah', 'Sofia', 'Liam', 'Aaliyah', 'Mateo', 'Hannah', 'Kenji', 'Olivia', 'Darnell', 'Priya',
  'Lucas', 'Fatima', 'Ethan', 'Grace', 'Diego', 'Chloe', 'Samir', 'Isabella', 'Noah', 'Mei', 'Caleb', 'Zara',
  'Owen', 'Leila', 'Gabriel', 'Nora', 'Tariq', 'Emma', 'Wyatt', 'Ana', 'Malik', 'Ruby', 'Hugo', 'Ingrid',
] as const;
const LAST_NAMES = [
  'Alvarez', 'Bennett', 'Chen', 'Dubois', 'Edwards', 'Fischer', 'Garcia', 'Hughes', 'Ibrahim', 'Jensen', 'Kowalski',
  'Lopez', 'Morgan', 'Nguyen', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Schmidt', 'Tanaka', 'Underwood', 'Vasquez',
  'Walker', 'Xu', 'Young', 'Zimmerman', 'Abbott', 'Brooks', 'Castillo', 'Delgado', 'Ellis', 'Foster',
] as const;
const EXPERIENCE = [
  ['NEW', 2],
  ['ESTABLISHED', 3],
  ['EXPERIENCED', 3],
  ['VETERAN', 2],
] as const;
type Experience = (typeof EXPERIENCE)[number][0];

// ---------------------------------------------------------------- content builders

type NodeRef = { id: string; title: string; slug: string };
type StrategyInfo = {
  def: StrategyDef;
  index: number;
  strategy: NodeRef;
  element: NodeRef;
  strand: NodeRef;
  category: NodeRef;
  /** Position of the category in the framework, 0-based (picks the colour of its demo clip). */
  categoryIndex: number;
};

function implementationGuide(info: StrategyInfo): string {
  const { def } = info;
  return [
    `## Why use it`,
    '',
    `${def.description} This strategy supports *${info.element.title}* in the ${info.strand.title} strand.`,
    '',
    `## Steps`,
    '',
    ...def.steps.map((step, i) => `${i + 1}. ${step}`),
    '',
    `## Classroom example`,
    '',
    `> ${def.example}`,
    '',
    `## Look-fors`,
    '',
    ...def.lookFors.map((l) => `- ${l}`),
    '',
    `## Reflect`,
    '',
    `- When did you last use ${def.title}, and what did students do differently as a result?`,
    `- Which look-for was hardest to see, and what would make it visible next time?`,
    '',
  ].join('\n');
}

function resourceLinks(info: StrategyInfo): ResourceLink[] {
  const base = content.RESOURCES_BASE_URL;
  const links: ResourceLink[] = [
    {
      title: `${info.def.title} planning template`,
      url: `${base}/strategies/${info.strategy.slug}/planning-template`,
      description: `A one-page planner for preparing ${info.def.title} in your next lesson.`,
    },
    {
      title: `Research brief: ${info.element.title}`,
      url: `${base}/elements/${info.element.slug}/research-brief`,
      description: `A short summary of what research says about ${info.element.title.toLowerCase()} and why it matters for students.`,
    },
  ];
  if (info.index % 2 === 0)
    links.push({
      title: `${info.strand.title}: team discussion guide`,
      url: `${base}/strands/${info.strand.slug}/discussion-guide`,
      description: `Questions for a professional learning community exploring ${info.strand.title.toLowerCase()} together.`,
    });
  return links;
}

function rubric(info: StrategyInfo): RubricLevel[] {
  const { def } = info;
  const lastStep = def.steps[def.steps.length - 1] ?? '';
  const [look1 = '', look2 = look1] = def.lookFors;
  return [
    {
      value: 1,
      title: 'Beginning',
      description: `I am learning about ${def.title} and have tried it with little or no adaptation; students do not yet show the intended signs.`,
    },
    {
      value: 2,
      title: 'Developing',
      description: `I use ${def.title} occasionally but sometimes skip steps (for example "${noDot(lcFirst(lastStep))}") and do not yet check whether it works for every student.`,
    },
    {
      value: 3,
      title: 'Applying',
      description: `I use ${def.title} routinely and see evidence that it works: ${lcFirst(noDot(look1))}.`,
    },
    {
      value: 4,
      title: 'Innovating',
      description: `I adapt ${def.title} for students who need it, monitor the evidence (${lcFirst(noDot(look2))}) and share my adaptations with colleagues.`,
    },
  ];
}

type FileDef = { title: string; fileName: string; mimeType: string; text: string };
function reproducibleFiles(info: StrategyInfo): FileDef[] {
  const { def } = info;
  const slug = info.strategy.slug;
  const files: FileDef[] = [
    {
      title: `${def.title} planning template`,
      fileName: `${slug}-planning-template.md`,
      mimeType: 'text/markdown',
      text: [
        `# ${def.title}: planning template`,
        '',
        `Element: ${info.element.title}  `,
        `Strand: ${info.strand.title}`,
        '',
        'Class: ____________________   Date: ____________   Lesson: ____________________',
        '',
        '## Learning target for this lesson',
        '',
        '______________________________________________________________',
        '',
        '## Steps I will follow',
        '',
        ...def.steps.map((step) => `- [ ] ${step}`),
        '',
        '## Students who may need extra support, and how I will support them',
        '',
        '______________________________________________________________',
        '',
        '## Evidence I will look for',
        '',
        ...def.lookFors.map((l) => `- [ ] ${l}`),
        '',
        '## After the lesson: what worked, what I will change',
        '',
        '______________________________________________________________',
        '',
      ].join('\n'),
    },
    {
      title: `${def.title} look-for checklist`,
      fileName: `${slug}-look-for-checklist.csv`,
      mimeType: 'text/csv',
      text: [
        'Look-for,Observed (Y/N),Evidence or example,Date',
        ...def.lookFors.map((l) => `${csvCell(l)},,,`),
        ...def.steps.map((step) => `${csvCell(`Step followed: ${noDot(step)}`)},,,`),
        '',
      ].join('\r\n'),
    },
  ];
  if (info.index % 3 !== 2)
    files.push(
      info.index % 3 === 0
        ? {
            title: 'Student exit ticket',
            fileName: `${slug}-exit-ticket.txt`,
            mimeType: 'text/plain',
            text: [
              `EXIT TICKET: ${def.title}`,
              '',
              'Name: ____________________   Date: ____________',
              '',
              '1. In your own words, what were we learning today?',
              '   ______________________________________________',
              '2. What is one thing you can now do that you could not do before?',
              '   ______________________________________________',
              '3. What is still confusing, or what question do you still have?',
              '   ______________________________________________',
              '',
              'How confident do you feel? (circle)   1   2   3   4   5',
              '',
            ].join('\n'),
          }
        : {
            title: 'Teacher reflection card',
            fileName: `${slug}-reflection-card.md`,
            mimeType: 'text/markdown',
            text: [
              `# Reflection card: ${def.title}`,
              '',
              '1. Which step felt most natural, and which felt awkward?',
              '2. Which students responded most, and which did not respond yet?',
              `3. Which look-for did you see? (${def.lookFors.map(noDot).join('; ')})`,
              '4. What will you adjust the next time you use this strategy?',
              '',
              'Rubric self-score (circle): 1 Beginning · 2 Developing · 3 Applying · 4 Innovating',
              '',
            ].join('\n'),
          },
    );
  return files;
}

// ---------------------------------------------------------------- seedDemo

export async function seedDemo(db: Db, opts: { now?: Date } = {}): Promise<SeedSummary> {
  const started = performance.now();
  const now = opts.now ?? clock.now();
  const passwordHash = await demoPasswordHash();
  const accounts: SeedAccount[] = [];

  const skipped = await db.transaction(async (tx) => {
    // One seeder at a time; a second concurrent caller waits, then sees the rows and skips.
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    const [existing] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from organizations`);
    if (Number(existing?.n ?? 0) > 0) return true;
    await fill(tx, now, passwordHash, accounts);
    return false;
  });

  // The seeded items' spoken words, for the search (after the seed's transaction: written in chunks of their own).
  if (!skipped) await writeMissingCues(db);
  const counts = await countTables(db);
  const durationMs = Math.round(performance.now() - started);
  if (skipped) return { skipped: true, reason: 'organizations already has rows', counts, accounts: [], password: DEMO_PASSWORD, durationMs };
  return { counts, accounts, password: DEMO_PASSWORD, durationMs };
}

async function fill(db: Db, now: Date, passwordHash: string, accounts: SeedAccount[]): Promise<void> {
  const rand = mulberry32(20_260_301);
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  // ---- framework
  const nasotRows: (typeof t.nasotItems.$inferInsert)[] = [];
  const strategies: StrategyInfo[] = [];
  const strandsByTitle = new Map<string, NodeRef>();
  const elementsByTitle = new Map<string, NodeRef>();
  const elementStrategies = new Map<string, StrategyInfo[]>();
  const strandElements = new Map<string, string[]>();
  const categoryIndexOf = new Map<string, number>();
  const node = (title: string): NodeRef => ({ id: randomUUID(), title, slug: slugify(title) });

  framework.forEach((cat, ci) => {
    const category = node(cat.title);
    nasotRows.push({ id: category.id, parentId: null, type: 'CATEGORY', title: cat.title, description: cat.description, position: ci + 1, communityUrl: null });
    cat.strands.forEach((st, si) => {
      const strand = node(st.title);
      strandsByTitle.set(st.title, strand);
      categoryIndexOf.set(strand.id, ci);
      strandElements.set(st.title, st.elements.map((e) => e.title));
      nasotRows.push({ id: strand.id, parentId: category.id, type: 'STRAND', title: st.title, description: st.description, position: si + 1, communityUrl: null });
      st.elements.forEach((e, ei) => {
        const element = node(e.title);
        elementsByTitle.set(e.title, element);
        categoryIndexOf.set(element.id, ci);
        nasotRows.push({
          id: element.id,
          parentId: strand.id,
          type: 'ELEMENT',
          title: e.title,
          description: e.description,
          position: ei + 1,
          communityUrl: content.communityUrl(element.slug),
        });
        const list: StrategyInfo[] = [];
        e.strategies.forEach((def, pi) => {
          const strategy = node(def.title);
          nasotRows.push({
            id: strategy.id,
            parentId: element.id,
            type: 'STRATEGY',
            title: def.title,
            description: def.description,
            position: pi + 1,
            communityUrl: content.communityUrl(strategy.slug),
          });
          const info: StrategyInfo = { def, index: strategies.length, strategy, element, strand, category, categoryIndex: ci };
          strategies.push(info);
          list.push(info);
        });
        elementStrategies.set(e.title, list);
      });
    });
  });
  await insertChunked(db, t.nasotItems, nasotRows);

  // ---- audiences
  const audienceRows = content.audiences.map((name, i) => ({ id: randomUUID(), name, position: i + 1 }));
  const audienceByName = new Map(audienceRows.map((a) => [a.name, a.id]));
  const audienceId = (name: string) => {
    const id = audienceByName.get(name);
    if (!id) throw new Error(`Unknown audience "${name}" in seed content`);
    return id;
  };
  await insertChunked(db, t.audiences, audienceRows);

  // ---- videos: one per item that has one, playing a neutral demo clip with the item's own
  // poster and captions (drawn from the item by server/routes/media.ts).
  const videoRows: (typeof t.videos.$inferInsert & { id: string; durationSeconds: number })[] = [];
  const videoOf = (publicId: string, clip: content.ClipDef) => {
    const video = {
      id: randomUUID(),
      url: content.clipUrl(clip.name),
      mimeType: 'video/webm',
      durationSeconds: clip.durationSeconds,
      posterUrl: posterPath(publicId),
      captions: [{ src: captionsPath(publicId), srclang: 'en', label: 'English', default: true }],
    };
    videoRows.push(video);
    return video;
  };

  // ---- learning objects
  const usedPublicIds = new Set<string>();
  const uniquePublicId = (title: string) => {
    const base = slugify(title);
    let id = base;
    for (let n = 2; usedPublicIds.has(id); n++) id = `${base}-${n}`;
    usedPublicIds.add(id);
    return id;
  };
  const itemRows: (typeof t.catalogItems.$inferInsert)[] = [];
  const tagRows: (typeof t.catalogItemNasotItems.$inferInsert)[] = [];
  const itemAudienceRows: (typeof t.catalogItemAudiences.$inferInsert)[] = [];
  const fileRows: (typeof t.reproducibleFiles.$inferInsert)[] = [];
  type LearningObject = { id: string; info: StrategyInfo; durationSeconds: number; createdAt: Date };
  const learningObjects: LearningObject[] = [];
  const loByStrategyTitle = new Map<string, LearningObject>();

  for (const info of strategies) {
    const i = info.index;
    const publicId = uniquePublicId(info.def.title);
    const video = videoOf(publicId, content.clipFor(info.categoryIndex, i));
    const createdAt =
      i % 13 === 5
        ? at(int(rand, 1, 13 * 24) * 60 * MINUTE_MS) // new in the last two weeks
        : at((14 + rand() * 526) * DAY_MS);
    const id = randomUUID();
    const lo: LearningObject = { id, info, durationSeconds: Math.round(video.durationSeconds), createdAt };
    learningObjects.push(lo);
    loByStrategyTitle.set(info.def.title, lo);
    itemRows.push({
      id,
      publicId,
      resourceType: 'LEARNING_OBJECT',
      title: info.def.title,
      description: info.def.description,
      thumbnailUrl: posterPath(publicId),
      featured: i % 10 === 4,
      createdAt,
      durationSeconds: lo.durationSeconds,
      videoId: video.id,
      implementationGuide: implementationGuide(info),
      resources: resourceLinks(info),
      rubric: rubric(info),
    });
    for (const n of [info.strategy, info.element, info.strand, info.category]) tagRows.push({ catalogItemId: id, nasotItemId: n.id });
    for (const a of pickSome(rand, audienceRows, int(rand, 1, 3))) itemAudienceRows.push({ catalogItemId: id, audienceId: a.id });
    reproducibleFiles(info).forEach((f, position) => {
      const bytes = Buffer.from(f.text, 'utf8');
      fileRows.push({ catalogItemId: id, title: f.title, fileName: f.fileName, mimeType: f.mimeType, content: bytes, size: bytes.byteLength, position: position + 1 });
    });
  }

  // ---- livestreams
  const nasotRef = (title: string) => {
    const ref = strandsByTitle.get(title) ?? elementsByTitle.get(title);
    if (!ref) throw new Error(`Unknown strand or element "${title}" in seed content`);
    return ref;
  };
  content.livestreams.forEach((ls, i) => {
    const id = randomUUID();
    const publicId = uniquePublicId(ls.title);
    const start = new Date(now.getTime() + ls.startOffsetDays * DAY_MS);
    const end = new Date(start.getTime() + ls.durationMinutes * MINUTE_MS);
    const ended = end.getTime() <= now.getTime();
    if (ended && !ls.recorded) throw new Error(`Livestream "${ls.title}" has ended but has no recording`);
    const recording = ended ? videoOf(publicId, content.clipFor(categoryIndexOf.get(nasotRef(ls.nasotTitles[0]!).id) ?? 0, i)) : undefined;
    itemRows.push({
      id,
      publicId,
      resourceType: 'LIVESTREAM',
      title: ls.title,
      description: `${ls.description} Hosted by ${ls.host}.`,
      thumbnailUrl: posterPath(publicId),
      featured: false,
      createdAt: new Date(Math.min(start.getTime() - 21 * DAY_MS, now.getTime() - DAY_MS)),
      durationSeconds: ls.durationMinutes * 60,
      startDate: start,
      endDate: end,
      joinUrl: ended ? null : `${content.LIVE_BASE_URL}/${publicId}`,
      videoId: recording?.id ?? null,
      implementationGuide: [
        '## Session outline',
        '',
        `Host: ${ls.host}  `,
        `Length: ${ls.durationMinutes} minutes`,
        '',
        '1. Welcome and the problem of practice',
        '2. Classroom examples and short demonstrations',
        '3. Planning time: adapt one idea for your own class',
        '4. Questions from participants',
        '',
      ].join('\n'),
      resources: [
        {
          title: 'Session slides',
          url: `${content.RESOURCES_BASE_URL}/livestreams/${publicId}/slides`,
          description: 'Slides and links shared during the session.',
        },
      ],
      rubric: [],
    });
    for (const title of ls.nasotTitles) tagRows.push({ catalogItemId: id, nasotItemId: nasotRef(title).id });
    for (const name of ls.audiences) itemAudienceRows.push({ catalogItemId: id, audienceId: audienceId(name) });
  });

  // ---- playlists
  const entryRows: (typeof t.playlistEntries.$inferInsert)[] = [];
  const strategiesOfElement = (title: string) => {
    const list = elementStrategies.get(title);
    if (!list) throw new Error(`Unknown element "${title}" in playlist rule`);
    return list;
  };
  content.playlists.forEach((pl, i) => {
    const rule = pl.rule;
    let chosen: LearningObject[];
    if (rule.kind === 'strategies') {
      chosen = rule.titles.map((title) => {
        const lo = loByStrategyTitle.get(title);
        if (!lo) throw new Error(`Unknown strategy "${title}" in playlist "${pl.title}"`);
        return lo;
      });
    } else {
      const elementTitles =
        rule.kind === 'elements'
          ? rule.titles
          : rule.titles.flatMap((title) => {
              const list = strandElements.get(title);
              if (!list) throw new Error(`Unknown strand "${title}" in playlist "${pl.title}"`);
              return list;
            });
      chosen = elementTitles
        .flatMap((title) => strategiesOfElement(title).slice(0, rule.perElement))
        .slice(0, rule.limit)
        .map((info) => loByStrategyTitle.get(info.def.title)!);
    }
    if (chosen.length < 4 || chosen.length > 8) throw new Error(`Playlist "${pl.title}" has ${chosen.length} entries (want 4–8)`);
    const id = randomUUID();
    const publicId = uniquePublicId(pl.title);
    itemRows.push({
      id,
      publicId,
      resourceType: 'PLAYLIST',
      title: pl.title,
      description: pl.description,
      thumbnailUrl: posterPath(publicId),
      featured: pl.featured,
      createdAt: at((i === content.playlists.length - 1 ? 6 : 30 + i * 37) * DAY_MS),
      durationSeconds: chosen.reduce((sum, lo) => sum + lo.durationSeconds, 0),
      resources: [],
      rubric: [],
    });
    chosen.forEach((lo, position) => entryRows.push({ playlistId: id, itemId: lo.id, position: position + 1 }));
    const nasotIds = new Set(chosen.flatMap((lo) => [lo.info.element.id, lo.info.strand.id]));
    for (const nasotItemId of nasotIds) tagRows.push({ catalogItemId: id, nasotItemId });
    for (const name of pl.audiences) itemAudienceRows.push({ catalogItemId: id, audienceId: audienceId(name) });
  });

  await insertChunked(db, t.videos, videoRows);
  await insertChunked(db, t.catalogItems, itemRows);
  await insertChunked(db, t.catalogItemNasotItems, tagRows);
  await insertChunked(db, t.catalogItemAudiences, itemAudienceRows);
  await insertChunked(db, t.playlistEntries, entryRows);
  await insertChunked(db, t.reproducibleFiles, fileRows, 200);

  // ---- organizations
  type Org = { id: string; name: string; slug: string };
  const orgRows: (typeof t.organizations.$inferInsert)[] = [];
  const org = (name: string, type: 'DISTRICT' | 'SCHOOL', parent: Org | null, ageDays: number, slug = slugify(name)): Org => {
    const o = { id: randomUUID(), name, slug };
    orgRows.push({ id: o.id, name, type, parentId: parent?.id ?? null, createdAt: at(ageDays * DAY_MS) });
    return o;
  };
  const northwind = org('Northwind School District', 'DISTRICT', null, 720);
  // The short slug is the school part of its admin's e-mail: school.admin@<slug>.northwind.example.org.
  const northwindSchools = (
    [
      ['Alder Creek Elementary', 'alder'],
      ['Birchwood Elementary', 'birchwood'],
      ['Maple Grove Elementary', 'maple'],
      ['Cedar Ridge Middle School', 'cedar'],
      ['Northwind High School', 'northwind-high'],
    ] as const
  ).map(([name, slug]) => org(name, 'SCHOOL', northwind, 715, slug));
  const lakeside = org('Lakeside Unified', 'DISTRICT', null, 600);
  const lakesideSchools = ['Lakeside Elementary', 'Lakeside High School'].map((name) => org(name, 'SCHOOL', lakeside, 598));
  const harbor = org('Harbor Academy', 'SCHOOL', null, 420);
  await insertChunked(db, t.organizations, orgRows);

  // ---- users and profiles
  const strandIds = [...strandsByTitle.values()].map((n) => n.id);
  const elementIds = [...elementsByTitle.values()].map((n) => n.id);
  const interestPool = [...strandIds, ...elementIds];
  const userRows: (typeof t.users.$inferInsert)[] = [];
  const profileRows: (typeof t.profiles.$inferInsert)[] = [];
  type SeededUser = { id: string; email: string; createdAt: Date };
  let nameIndex = 0;
  const addUser = (u: {
    email: string;
    role: SeedRole;
    note: string;
    organization?: Org | null;
    onboarded?: boolean;
    freeAccess?: boolean;
    ageDays?: number;
    emptyProfile?: boolean;
    experience?: Experience;
    name?: [string, string];
  }): SeededUser => {
    const id = randomUUID();
    const email = u.email.toLowerCase();
    const k = nameIndex++;
    const [firstName, lastName] = u.name ?? [FIRST_NAMES[(k * 7 + 3) % FIRST_NAMES.length]!, LAST_NAMES[(k * 11 + 5) % LAST_NAMES.length]!];
    const isDemo = u.role === 'DEMO';
    const createdAt = at((u.ageDays ?? int(rand, 75, 480)) * DAY_MS);
    userRows.push({
      id,
      role: u.role,
      organizationId: u.organization?.id ?? null,
      email,
      firstName,
      lastName,
      passwordHash: isDemo ? null : passwordHash,
      completedOnboarding: u.onboarded ?? true,
      hasFreeAccess: u.freeAccess ?? false,
      verifiedAt: isDemo ? null : new Date(createdAt.getTime() + 20 * MINUTE_MS),
      createdAt,
    });
    const empty = u.emptyProfile || u.onboarded === false;
    profileRows.push({
      userId: id,
      interestIds: empty ? [] : pickSome(rand, interestPool, int(rand, 2, 4)),
      audienceId: empty ? null : pick(rand, audienceRows).id,
      experienceLevel: empty ? null : (u.experience ?? weighted(rand, EXPERIENCE)),
      updatedAt: createdAt,
    });
    accounts.push({ email, role: u.role, note: u.note });
    return { id, email, createdAt };
  };

  addUser({ email: 'admin@example.org', role: 'ADMIN', note: 'Platform admin (redirected to /admin)', name: ['Alex', 'Admin'], emptyProfile: true, ageDays: 730 });
  addUser({ email: 'district.admin@northwind.example.org', role: 'DISTRICT_ADMIN', organization: northwind, note: 'District admin of Northwind School District (active subscription)', ageDays: 700 });
  addUser({ email: 'district.admin@lakeside.example.org', role: 'DISTRICT_ADMIN', organization: lakeside, note: 'District admin of Lakeside Unified (subscription lapsed)', ageDays: 590 });
  for (const school of northwindSchools)
    addUser({ email: `school.admin@${school.slug}.northwind.example.org`, role: 'SCHOOL_ADMIN', organization: school, note: `School admin of ${school.name} (Northwind)`, ageDays: int(rand, 500, 690) });
  addUser({ email: 'school.admin@harbor.example.org', role: 'SCHOOL_ADMIN', organization: harbor, note: 'School admin of Harbor Academy (independent school)', ageDays: 410 });

  type Activity = 'power' | 'regular' | 'light' | 'lapsed' | 'none';
  const learners: { user: SeededUser; activity: Activity; streak: number }[] = [];
  const POWER_STREAKS = [18, 12, 9, 7, 5];
  for (let n = 1; n <= 30; n++) {
    const school = northwindSchools[(n - 1) % northwindSchools.length]!;
    const activity: Activity = n <= 5 ? 'power' : n <= 17 ? 'regular' : n <= 26 ? 'light' : 'none';
    const streak = activity === 'power' ? POWER_STREAKS[n - 1]! : 0;
    const email = `educator${String(n).padStart(2, '0')}@northwind.example.org`;
    const note = `Educator at ${school.name}; activity ${activity}${streak ? ` (${streak}-day streak)` : ''}`;
    learners.push({ user: addUser({ email, role: 'USER', organization: school, note }), activity, streak });
  }
  (['power', 'regular', 'light'] as const).forEach((activity, i) => {
    const email = `educator${String(i + 1).padStart(2, '0')}@harbor.example.org`;
    const streak = activity === 'power' ? 4 : 0;
    const note = `Educator at Harbor Academy; activity ${activity}${streak ? ` (${streak}-day streak)` : ''}`;
    learners.push({ user: addUser({ email, role: 'USER', organization: harbor, note }), activity, streak });
  });
  const lapsedUser = addUser({ email: 'lapsed@lakeside.example.org', role: 'USER', organization: lakesideSchools[0]!, note: 'Educator whose organization subscription lapsed', ageDays: 420 });
  learners.push({ user: lapsedUser, activity: 'lapsed', streak: 0 });
  addUser({ email: 'noaccess@example.org', role: 'USER', note: 'No organization, no subscription, no free access (sent to /payment)' });
  addUser({ email: 'free@example.org', role: 'USER', freeAccess: true, note: 'Free access, no organization' });
  addUser({ email: 'new.teacher@example.org', role: 'USER', freeAccess: true, note: 'Free access, no organization, no history: what a brand-new educator sees', ageDays: 0.5 });
  const trialUser = addUser({ email: 'trial@example.org', role: 'USER', note: 'Personal subscription in trial (ends in 10 days)', ageDays: 4 });
  learners.push({ user: trialUser, activity: 'light', streak: 0 });
  const subscriberUser = addUser({ email: 'subscriber@example.org', role: 'USER', note: 'Personal paid subscription (active for 200 more days)', ageDays: 190 });
  learners.push({ user: subscriberUser, activity: 'regular', streak: 0 });
  addUser({ email: 'newbie@example.org', role: 'USER', organization: northwindSchools[0]!, onboarded: false, note: 'Northwind educator who has not completed onboarding', ageDays: 1 });
  addUser({ email: 'demo@example.org', role: 'DEMO', note: 'Demo user, personalization completed (no password; use the demo sign-in)', ageDays: 30 });
  addUser({ email: 'demo.new@example.org', role: 'DEMO', onboarded: false, note: 'Demo user who has not personalized yet (no password; use the demo sign-in)', ageDays: 0.5 });
  // Added last, with its name and age given and no preferences drawn, so it takes nothing from the
  // random sequence the accounts above (and their activity, which end-to-end tests rely on) use.
  const lapsedSubscriber = addUser({
    email: 'lapsed.subscriber@example.org',
    role: 'USER',
    note: 'Personal subscription canceled, ended 21 days ago; card on file (Visa 4242) and progress kept, can reactivate',
    name: ['Lena', 'Marsh'],
    emptyProfile: true,
    ageDays: 420,
  });
  learners.push({ user: lapsedSubscriber, activity: 'lapsed', streak: 0 });

  await insertChunked(db, t.users, userRows);
  await insertChunked(db, t.profiles, profileRows);

  // ---- subscriptions, payment methods, transactions
  const subscriptionRows: (typeof t.subscriptions.$inferInsert)[] = [
    { organizationId: northwind.id, currentPeriodEnd: at(-300 * DAY_MS), amountCents: 1_250_000, createdAt: at(65 * DAY_MS) },
    { organizationId: harbor.id, currentPeriodEnd: at(-140 * DAY_MS), amountCents: 320_000, createdAt: at(225 * DAY_MS) },
    { organizationId: lakeside.id, currentPeriodEnd: at(20 * DAY_MS), amountCents: 640_000, createdAt: at(385 * DAY_MS) },
  ];
  // Card references in the sandbox gateway's format (server/services/payment-gateway.ts), so the
  // seeded cards can really be charged when the trial ends or the subscription renews.
  const trialCard = {
    id: randomUUID(),
    userId: trialUser.id,
    gatewayRef: `sandbox_pm_tok_visa_${randomUUID()}`,
    brand: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    createdAt: trialUser.createdAt,
  };
  const subscriberCard = {
    id: randomUUID(),
    userId: subscriberUser.id,
    gatewayRef: `sandbox_pm_tok_mastercard_${randomUUID()}`,
    brand: 'Mastercard',
    last4: '4444',
    expMonth: 6,
    expYear: 2031,
    createdAt: subscriberUser.createdAt,
  };
  const lapsedCard = {
    id: randomUUID(),
    userId: lapsedSubscriber.id,
    gatewayRef: `sandbox_pm_tok_visa_${randomUUID()}`,
    brand: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    createdAt: at(400 * DAY_MS),
  };
  await insertChunked(db, t.paymentMethods, [trialCard, subscriberCard, lapsedCard]);
  const trialSubId = randomUUID();
  const subscriberSubId = randomUUID();
  const subscriberStart = at(179 * DAY_MS);
  // Subscribed 400 days ago: a 14-day trial, one paid year, canceled, ended 21 days ago.
  const lapsedSubId = randomUUID();
  const lapsedStart = at(400 * DAY_MS);
  const lapsedTrialEnd = at(386 * DAY_MS);
  subscriptionRows.push(
    { id: trialSubId, userId: trialUser.id, paymentMethodId: trialCard.id, trialEndsAt: at(-10 * DAY_MS), currentPeriodEnd: at(-10 * DAY_MS), amountCents: 14_900, createdAt: trialUser.createdAt },
    {
      id: subscriberSubId,
      userId: subscriberUser.id,
      paymentMethodId: subscriberCard.id,
      trialEndsAt: new Date(subscriberStart.getTime() + 14 * DAY_MS),
      currentPeriodEnd: at(-200 * DAY_MS),
      amountCents: 14_900,
      createdAt: subscriberStart,
    },
    {
      id: lapsedSubId,
      userId: lapsedSubscriber.id,
      paymentMethodId: lapsedCard.id,
      trialEndsAt: lapsedTrialEnd,
      currentPeriodEnd: at(21 * DAY_MS),
      cancelAtPeriodEnd: true,
      amountCents: 14_900,
      createdAt: lapsedStart,
    },
  );
  await insertChunked(db, t.subscriptions, subscriptionRows);
  // Each transaction names the card it was made with (receipts show it); in the order they were
  // made, so their receipt numbers are too.
  const verification = (userId: string, subscriptionId: string, paymentMethodId: string, createdAt: Date) =>
    ({ userId, subscriptionId, paymentMethodId, type: 'VERIFICATION', status: 'SUCCEEDED', amountCents: 0, description: 'Card verified for a 14-day free trial', gatewayRef: `sandbox_ch_${randomUUID()}`, createdAt }) as const;
  const yearCharge = (userId: string, subscriptionId: string, paymentMethodId: string, createdAt: Date) =>
    ({ userId, subscriptionId, paymentMethodId, type: 'CHARGE', status: 'SUCCEEDED', amountCents: 14_900, description: 'Annual subscription', gatewayRef: `sandbox_ch_${randomUUID()}`, createdAt }) as const;
  await insertChunked(
    db,
    t.transactions,
    [
      verification(lapsedSubscriber.id, lapsedSubId, lapsedCard.id, lapsedStart),
      yearCharge(lapsedSubscriber.id, lapsedSubId, lapsedCard.id, lapsedTrialEnd),
      verification(subscriberUser.id, subscriberSubId, subscriberCard.id, subscriberStart),
      yearCharge(subscriberUser.id, subscriberSubId, subscriberCard.id, new Date(subscriberStart.getTime() + 14 * DAY_MS)),
      verification(trialUser.id, trialSubId, trialCard.id, trialUser.createdAt),
    ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
  );

  // ---- learner activity
  await seedActivity(db, now, rand, learners, learningObjects);

  // ---- invitations: added after everything else, with names and ages given, so they take
  // nothing from the random sequence the accounts and activity above (and end-to-end tests) use.
  const maple = northwindSchools.find((o) => o.slug === 'maple')!;
  const mapleAdmin = `school.admin@maple.northwind.example.org`;
  const harborAdmin = 'school.admin@harbor.example.org';
  const firstNew = userRows.length;
  const invitee = (email: string, organization: Org, name: [string, string], daysAgo: number, note: string) =>
    addUser({ email, role: 'USER', organization, name, ageDays: daysAgo, onboarded: false, note });
  invitee('rosa.delgado@northwind.example.org', maple, ['Rosa', 'Delgado'], 2, 'Invited to Maple Grove Elementary 2 days ago (pending; no password yet)');
  invitee('theo.marsh@northwind.example.org', maple, ['Theo', 'Marsh'], 5, 'Invited to Maple Grove Elementary 5 days ago (pending; no password yet)');
  invitee('iris.novak@northwind.example.org', maple, ['Iris', 'Novak'], 20, 'Invited to Maple Grove Elementary 20 days ago (expired: send it again)');
  invitee('omar.haddad@harbor.example.org', harbor, ['Omar', 'Haddad'], 3, 'Invited to Harbor Academy 3 days ago (pending; no password yet)');
  // Invited educators have no password and no verified address until they accept.
  await insertChunked(db, t.users, userRows.slice(firstNew).map((u) => ({ ...u, passwordHash: null, verifiedAt: null })));
  await insertChunked(db, t.profiles, profileRows.slice(firstNew));
  const invited = (admin: string, emails: string[]) =>
    db.execute(sql`
      update users u set invited_at = u.created_at, invited_by = a.id, invitation_sent_at = u.created_at,
        invitation_expires_at = u.created_at + interval '14 days',
        invitation_accepted_at = case when u.password_hash is not null then u.verified_at end
      from users a where a.email = ${admin} and u.email in (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})`);
  // The new ones above, and some seeded educators who joined through an invitation (accepted
  // when they verified their address, 20 minutes after their account was made).
  await invited(mapleAdmin, ['rosa.delgado@northwind.example.org', 'theo.marsh@northwind.example.org', 'iris.novak@northwind.example.org', 'educator08@northwind.example.org', 'educator13@northwind.example.org', 'educator18@northwind.example.org']);
  await invited(harborAdmin, ['omar.haddad@harbor.example.org', 'educator02@harbor.example.org']);
}

// ---------------------------------------------------------------- learner activity

type ItemState = {
  progress: number;
  last: Date;
  downloaded: boolean;
  rating?: { value: number; at: Date };
  rubric?: { value: number; at: Date };
  appliedAt?: Date;
  bookmarkedAt?: Date;
};
type EventDraft = { type: LearnerEventType; offsetMs: number; catalogItemId: string | null; data: Record<string, unknown> };

async function seedActivity(
  db: Db,
  now: Date,
  rand: Rand,
  learners: { user: { id: string; createdAt: Date }; activity: 'power' | 'regular' | 'light' | 'lapsed' | 'none'; streak: number }[],
  items: { id: string; durationSeconds: number }[],
): Promise<void> {
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const eventRows: (typeof t.learnerEvents.$inferInsert)[] = [];
  const progressRows: (typeof t.learnerProgress.$inferInsert)[] = [];
  const ratingRows: (typeof t.ratings.$inferInsert)[] = [];
  const rubricRows: (typeof t.rubricScores.$inferInsert)[] = [];
  const applicationRows: (typeof t.strategyApplications.$inferInsert)[] = [];
  const bookmarkRows: (typeof t.bookmarks.$inferInsert)[] = [];

  for (const { user, activity, streak } of learners) {
    if (activity === 'none') continue;
    // Days ago (0 = today) on which the learner signs in.
    const days = new Set<number>();
    // Whole days since sign-up, minus one, so that no session can precede the account.
    const earliest = Math.max(0, Math.min(59, Math.floor((now.getTime() - user.createdAt.getTime()) / DAY_MS) - 1));
    const randomDays = (count: number, min: number, max: number) => {
      for (let i = 0; i < count * 4 && days.size < count + streak; i++) {
        const d = int(rand, min, Math.max(min, max));
        if (d <= earliest) days.add(d);
      }
    };
    for (let d = 0; d < streak; d++) days.add(d);
    if (activity === 'power') randomDays(int(rand, 6, 12), streak + 1, 59);
    if (activity === 'regular') randomDays(int(rand, 8, 15), 1, 45);
    if (activity === 'light') randomDays(int(rand, 2, 4), 0, 40);
    if (activity === 'lapsed') randomDays(int(rand, 3, 5), 25, 59);
    if (days.size === 0) days.add(0);

    const workingSetSize = activity === 'power' ? int(rand, 12, 24) : activity === 'regular' ? int(rand, 4, 9) : int(rand, 1, 3);
    const workingSet = pickSome(rand, items, workingSetSize);
    const states = new Map<string, ItemState>();

    for (const d of [...days].sort((a, b) => b - a)) {
      const drafts: EventDraft[] = [{ type: 'LEARNER_LOGIN', offsetMs: 0, catalogItemId: null, data: {} }];
      let clock = int(rand, 5, 40) * 1000;
      const push = (type: LearnerEventType, itemId: string, data: Record<string, unknown>, gapSeconds: number) => {
        clock += gapSeconds * 1000;
        drafts.push({ type, offsetMs: clock, catalogItemId: itemId, data: { catalogItemId: itemId, ...data } });
      };
      const itemsThisSession = activity === 'power' ? int(rand, 1, 3) : int(rand, 1, 2);
      // Prefer items already started but unfinished, then new ones.
      const unfinished = workingSet.filter((it) => (states.get(it.id)?.progress ?? 0) < 90 && states.has(it.id));
      const untouched = workingSet.filter((it) => !states.has(it.id));
      const sessionItems = pickSome(rand, [...unfinished, ...untouched].length ? [...unfinished, ...untouched] : workingSet, itemsThisSession);

      for (const item of sessionItems) {
        const state: ItemState = states.get(item.id) ?? { progress: 0, last: now, downloaded: false };
        push('CATALOG_ITEM_VISITED', item.id, {}, int(rand, 5, 60));
        if (state.progress < 100 && rand() < 0.9) {
          const target = Math.min(100, state.progress + weighted(rand, [[25, 2], [50, 3], [100, 5]] as const));
          const steps = int(rand, 2, 4);
          let progress = state.progress;
          push('VIDEO_PLAYED', item.id, { position: Math.round((progress / 100) * item.durationSeconds) }, int(rand, 2, 10));
          for (let s = 1; s <= steps; s++) {
            progress = Math.round(state.progress + ((target - state.progress) * s) / steps);
            const position = Math.round((progress / 100) * item.durationSeconds * 10) / 10;
            push('VIDEO_TIMEUPDATED', item.id, { progress, position }, Math.max(1, Math.round(item.durationSeconds / steps)));
          }
          state.progress = Math.max(state.progress, progress);
          push('VIDEO_PAUSED', item.id, { position: Math.round((progress / 100) * item.durationSeconds) }, 1);
        }
        if (!state.bookmarkedAt && rand() < 0.25) {
          push('BOOKMARK_UPDATED', item.id, { saved: true }, int(rand, 3, 20));
          state.bookmarkedAt = new Date(0); // filled with the real time below
        }
        if (!state.downloaded && rand() < (activity === 'light' ? 0.25 : 0.45)) {
          push('REPRODUCIBLES_DOWNLOADED', item.id, {}, int(rand, 5, 40));
          state.downloaded = true;
        }
        if (!state.rating && state.progress >= 50 && rand() < 0.55) {
          const value = weighted(rand, [[5, 30], [4, 40], [3, 20], [2, 7], [1, 3]] as const);
          push('CATALOG_ITEM_RATED', item.id, { value }, int(rand, 5, 30));
          state.rating = { value, at: new Date(0) };
        }
        if (!state.rubric && state.progress >= 90 && rand() < 0.5) {
          const value = weighted(rand, [[1, 1], [2, 3], [3, 4], [4, 2]] as const);
          push('RUBRIC_SCORE_SAVED', item.id, { value }, int(rand, 20, 120));
          state.rubric = { value, at: new Date(0) };
        }
        if (!state.appliedAt && state.progress >= 90 && rand() < 0.4) {
          push('STRATEGY_APPLICATION_UPDATED', item.id, { applied: true }, int(rand, 10, 60));
          state.appliedAt = new Date(0);
        }
        push('CATALOG_ITEM_LEFT', item.id, {}, int(rand, 5, 45));
        states.set(item.id, state);
      }

      // Place the session in time: during the school day, or earlier today but never after `now`.
      const length = clock;
      let start: number;
      let scale = 1;
      if (d === 0) {
        start = Math.max(startOfToday + 1000, now.getTime() - length - int(rand, 5, 150) * MINUTE_MS);
        if (start + length >= now.getTime()) scale = Math.max(0, (now.getTime() - 1000 - start) / Math.max(1, length));
      } else {
        start = startOfToday - d * DAY_MS + (7 * 60 + int(rand, 0, 11 * 60)) * MINUTE_MS;
      }
      const times = drafts.map((e) => new Date(start + Math.floor(e.offsetMs * scale)));
      drafts.forEach((e, i) => {
        const occurredAt = times[i]!;
        eventRows.push({
          id: randomUUID(),
          userId: user.id,
          type: e.type,
          occurredAt,
          catalogItemId: e.catalogItemId,
          data: e.data,
          receivedAt: new Date(occurredAt.getTime() + int(rand, 200, 4000)),
          // Heard of as it happened (the demo's learners were online).
          creditedAt: occurredAt,
        });
        if (!e.catalogItemId) return;
        const state = states.get(e.catalogItemId)!;
        if (e.type === 'BOOKMARK_UPDATED' && state.bookmarkedAt?.getTime() === 0) state.bookmarkedAt = occurredAt;
        if (e.type === 'CATALOG_ITEM_RATED' && state.rating?.at.getTime() === 0) state.rating.at = occurredAt;
        if (e.type === 'RUBRIC_SCORE_SAVED' && state.rubric?.at.getTime() === 0) state.rubric.at = occurredAt;
        if (e.type === 'STRATEGY_APPLICATION_UPDATED' && state.appliedAt?.getTime() === 0) state.appliedAt = occurredAt;
        state.last = occurredAt;
      });
    }

    for (const [catalogItemId, s] of states) {
      if (s.bookmarkedAt) bookmarkRows.push({ userId: user.id, catalogItemId, createdAt: s.bookmarkedAt });
      // Visited only (no video watched, no step done): not started, no progress row (the started
      // rule, server/services/progress.ts).
      if (s.progress === 0 && !s.downloaded && !s.rating && !s.rubric && !s.appliedAt) continue;
      // Watched from the start up to where the learner got (what their play sessions covered).
      const watchedSeconds = Math.round((s.progress / 100) * (items.find((i) => i.id === catalogItemId)?.durationSeconds ?? 0) * 10) / 10;
      progressRows.push({
        userId: user.id,
        catalogItemId,
        lastInteractionAt: s.last,
        videoProgress: s.progress,
        videoPosition: watchedSeconds,
        watchedRanges: watchedSeconds > 0 ? [[0, watchedSeconds]] : [],
        areReproduciblesDownloaded: s.downloaded,
        isCatalogItemRated: Boolean(s.rating),
        isRubricScoreSaved: Boolean(s.rubric),
        isStrategyApplied: Boolean(s.appliedAt),
      });
      if (s.rating) ratingRows.push({ userId: user.id, catalogItemId, value: s.rating.value, createdAt: s.rating.at });
      if (s.rubric) rubricRows.push({ userId: user.id, catalogItemId, value: s.rubric.value, updatedAt: s.rubric.at });
      if (s.appliedAt) applicationRows.push({ userId: user.id, catalogItemId, appliedAt: s.appliedAt });
    }
  }

  await insertChunked(db, t.learnerEvents, eventRows);
  await insertChunked(db, t.learnerProgress, progressRows);
  await stampBulkCompletions(db);
  await insertChunked(db, t.ratings, ratingRows);
  await insertChunked(db, t.rubricScores, rubricRows);
  await insertChunked(db, t.strategyApplications, applicationRows);
  await insertChunked(db, t.bookmarks, bookmarkRows);
  // When each step was first done, from the events just written (no random draws).
  await stampBulkFirstDone(db);
}
