import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigserial,
  bigint,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { LearnerEventType } from '../contract.ts';
import { AUDIT_ENTITY_TYPES, UPLOAD_KINDS, CATALOG_ITEM_STATUSES, EXPERIENCE_LEVELS, NASOT_ITEM_TYPES, ORGANIZATION_TYPES, RESOURCE_TYPES, ROLE_VALUES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './enums.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/**
 * The app's clock in SQL: now() moved by the NOW setting's offset (migration 0022,
 * server/clock.ts). Every timestamp a person sees or a report counts defaults to it; what
 * protects credentials (revoked_tokens, users.sessions_not_before) stays on now().
 */
const appNow = sql`app_now()`;
const createdAt = () => ts('created_at').notNull().default(appNow);

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', { enum: ORGANIZATION_TYPES }).notNull(),
    parentId: uuid('parent_id').references((): never => organizations.id as never),
    /** The organization's OneRoster sourcedId, as the district's SIS names it (rostering, migration 0031). */
    sourcedId: text('sourced_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('organizations_parent_idx').on(t.parentId),
    index('organizations_name_idx').on(sql`lower(${t.name})`),
    // A sourcedId names one organization within its district (the district itself, or one of its schools).
    uniqueIndex('organizations_sourced_id_idx').on(sql`coalesce(${t.parentId}, ${t.id})`, t.sourcedId).where(sql`${t.sourcedId} is not null`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ssoId: text('sso_id'),
    role: text('role', { enum: ROLE_VALUES }).notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    completedOnboarding: boolean('completed_onboarding').notNull().default(false),
    hasFreeAccess: boolean('has_free_access').notNull().default(false),
    verifiedAt: ts('verified_at'),
    /** Tokens issued before this instant are refused (password change, sign out everywhere…). */
    sessionsNotBefore: ts('sessions_not_before'),
    /** A deactivated account signs in nowhere and its tokens are refused. */
    deactivatedAt: ts('deactivated_at'),
    /** When an admin invited this educator (null: they joined without an invitation). */
    invitedAt: ts('invited_at'),
    /** The admin who invited them (null once that account is gone). */
    invitedBy: uuid('invited_by').references((): never => users.id as never, { onDelete: 'set null' }),
    /** When the invitation was last sent: only the link of that sending works. */
    invitationSentAt: ts('invitation_sent_at'),
    /** When the link of the last sending stops working. */
    invitationExpiresAt: ts('invitation_expires_at'),
    /** When the educator created their account from the link. */
    invitationAcceptedAt: ts('invitation_accepted_at'),
    /** The district whose roster (OneRoster import or pull) keeps this account, and its sourcedId there (migration 0031). */
    rosteredBy: uuid('rostered_by').references((): never => organizations.id as never, { onDelete: 'set null' }),
    sourcedId: text('sourced_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_sourced_id_idx').on(t.rosteredBy, t.sourcedId).where(sql`${t.sourcedId} is not null`),
    uniqueIndex('users_sso_id_idx').on(t.ssoId),
    index('users_organization_idx').on(t.organizationId),
    // The usage report's active educators: an organization's onboarded members by account age, from the index alone.
    index('users_active_members_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`${t.completedOnboarding} and ${t.role} in ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN')`),
  ],
);

export const audiences = pgTable('audiences', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});

export const nasotItems = pgTable(
  'nasot_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): never => nasotItems.id as never),
    type: text('type', { enum: NASOT_ITEM_TYPES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
    communityUrl: text('community_url'),
  },
  (t) => [index('nasot_items_parent_idx').on(t.parentId)],
);

export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  interestIds: uuid('interest_ids').array().notNull().default(sql`'{}'::uuid[]`),
  audienceId: uuid('audience_id').references(() => audiences.id),
  experienceLevel: text('experience_level', { enum: EXPERIENCE_LEVELS }),
  updatedAt: ts('updated_at').notNull().default(appNow),
});

export const videos = pgTable('videos', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  mimeType: text('mime_type').notNull(),
  durationSeconds: real('duration_seconds').notNull(),
  posterUrl: text('poster_url'),
  captions: jsonb('captions').$type<{ src: string; srclang: string; label: string; default: boolean }[]>().notNull().default([]),
});

export type ResourceLink = { title: string; url: string; description: string };
export type RubricLevel = { value: number; title: string; description: string };

export const catalogItems = pgTable(
  'catalog_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publicId: text('public_id').notNull(),
    resourceType: text('resource_type', { enum: RESOURCE_TYPES }).notNull(),
    // DRAFT (the admin site only), PUBLISHED (offered to educators), ARCHIVED (no longer offered;
    // opened directly it still shows, and what educators did with it stays). See migration 0009.
    status: text('status', { enum: CATALOG_ITEM_STATUSES }).notNull().default('PUBLISHED'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    featured: boolean('featured').notNull().default(false),
    createdAt: createdAt(),
    /** The last change made in the admin site; null until the first (lists read coalesce(updated_at, created_at)). */
    updatedAt: ts('updated_at'),
    durationSeconds: integer('duration_seconds'),
    startDate: ts('start_date'),
    endDate: ts('end_date'),
    joinUrl: text('join_url'),
    implementationGuide: text('implementation_guide'),
    resources: jsonb('resources').$type<ResourceLink[]>().notNull().default([]),
    rubric: jsonb('rubric').$type<RubricLevel[]>().notNull().default([]),
    videoId: uuid('video_id').references(() => videos.id),
    // Kept by triggers on `ratings` (see migration 0005), so lists never aggregate ratings per row.
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    // Exactly avg(ratings.value): numeric sum / count, null when unrated.
    ratingAverage: numeric('rating_average').generatedAlwaysAs(sql`case when rating_count > 0 then rating_sum::numeric / rating_count end`),
    // The item's framework items and audiences, sorted, kept by triggers on the link tables (see
    // migration 0006): summaries read them without sub-queries. `nasotPathIds` adds every ancestor
    // of those framework items, so "under this framework item" is one GIN-indexed `&&`.
    nasotItemIds: uuid('nasot_item_ids').array().notNull().default(sql`'{}'`),
    nasotPathIds: uuid('nasot_path_ids').array().notNull().default(sql`'{}'`),
    audienceIds: uuid('audience_ids').array().notNull().default(sql`'{}'`),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(implementation_guide, '')), 'C')`,
      ),
  },
  (t) => [
    uniqueIndex('catalog_items_public_id_idx').on(t.publicId),
    index('catalog_items_search_idx').using('gin', t.search),
    // The admin site's list: words of the title or the public id (prefix matches, drafts too);
    // its default order, the last changed first, is catalog_items_admin_updated_idx below.
    index('catalog_items_admin_words_idx').using('gin', sql`to_tsvector('simple', ${t.title} || ' ' || ${t.publicId})`),
    index('catalog_items_type_idx').on(t.resourceType),
    // One index per sort key and direction the list offers, each ending in the id tie-break
    // (always ascending), so a page is read in index order and the scan stops after it.
    index('catalog_items_sort_created_asc_idx').on(t.createdAt.asc().nullsLast(), t.id),
    index('catalog_items_sort_created_desc_idx').on(t.createdAt.desc().nullsLast(), t.id),
    index('catalog_items_sort_title_asc_idx').on(sql`lower(${t.title}) asc nulls last`, t.id),
    index('catalog_items_sort_title_desc_idx').on(sql`lower(${t.title}) desc nulls last`, t.id),
    index('catalog_items_sort_start_asc_idx').on(t.startDate.asc().nullsLast(), t.id),
    index('catalog_items_sort_start_desc_idx').on(t.startDate.desc().nullsLast(), t.id),
    index('catalog_items_sort_rating_asc_idx').on(t.ratingAverage.asc().nullsLast(), t.id),
    index('catalog_items_sort_rating_desc_idx').on(t.ratingAverage.desc().nullsLast(), t.id),
    // Featured items offered, newest first: the featured filter's capped count and first page, and
    // the featured shelf, from this small index alone (1,049 of 100,000 items at the large seed).
    index('catalog_items_featured_idx').on(t.createdAt.desc(), t.id).where(sql`featured and status = 'PUBLISHED'`),
    // Two-key sorts whose first key has large groups of ties (start date: every item but
    // livestreams has none; rating: thousands share 5.0, and the unrated) read a page in the order
    // of an index too, instead of sorting a whole group.
    index('catalog_items_sort_start_created_asc_idx').on(t.startDate.asc().nullsLast(), t.createdAt.asc().nullsLast(), t.id),
    index('catalog_items_sort_start_created_desc_idx').on(t.startDate.desc().nullsLast(), t.createdAt.desc().nullsLast(), t.id),
    index('catalog_items_sort_start_title_asc_idx').on(t.startDate.asc().nullsLast(), sql`lower(${t.title}) asc nulls last`, t.id),
    index('catalog_items_sort_start_title_desc_idx').on(t.startDate.desc().nullsLast(), sql`lower(${t.title}) desc nulls last`, t.id),
    index('catalog_items_sort_start_rating_asc_idx').on(t.startDate.asc().nullsLast(), t.ratingAverage.asc().nullsLast(), t.id),
    index('catalog_items_sort_start_rating_desc_idx').on(t.startDate.desc().nullsLast(), t.ratingAverage.desc().nullsLast(), t.id),
    index('catalog_items_sort_rating_created_asc_idx').on(t.ratingAverage.asc().nullsLast(), t.createdAt.asc().nullsLast(), t.id),
    index('catalog_items_sort_rating_created_desc_idx').on(t.ratingAverage.desc().nullsLast(), t.createdAt.desc().nullsLast(), t.id),
    index('catalog_items_sort_rating_title_asc_idx').on(t.ratingAverage.asc().nullsLast(), sql`lower(${t.title}) asc nulls last`, t.id),
    index('catalog_items_sort_rating_title_desc_idx').on(t.ratingAverage.desc().nullsLast(), sql`lower(${t.title}) desc nulls last`, t.id),
    index('catalog_items_sort_rating_start_asc_idx').on(t.ratingAverage.asc().nullsLast(), t.startDate.asc().nullsLast(), t.id),
    index('catalog_items_sort_rating_start_desc_idx').on(t.ratingAverage.desc().nullsLast(), t.startDate.desc().nullsLast(), t.id),
    index('catalog_items_nasot_path_idx').using('gin', t.nasotPathIds),
    index('catalog_items_audiences_idx').using('gin', t.audienceIds),
    // Also catalog_items_recommend_idx (migration 0008, partial on published items since 0009):
    // featured/newest learning objects with their framework and audience arrays INCLUDEd, which
    // this builder cannot express; and catalog_items_offered_lo_idx (migration 0015): the same
    // columns by id, so the items sharing a strategy's framework items are ranked from the index;
    // and catalog_items_filter_walk_idx (migration 0019): offered items newest first with the
    // filter columns INCLUDEd, which a filtered list's capped total walks; and catalog_items_offered_match_idx (migration 0020):
    // one GIN index over the words and both id arrays of offered items, so that a search with a
    // filter, or a framework item with an audience, is one index scan.
    index('catalog_items_admin_updated_idx').on(sql`coalesce(${t.updatedAt}, ${t.createdAt}) desc nulls last`, t.id),
    index('catalog_items_admin_status_idx').on(t.status, sql`coalesce(${t.updatedAt}, ${t.createdAt}) desc nulls last`, t.id),
    check('catalog_items_status_check', sql`${t.status} in ('DRAFT', 'PUBLISHED', 'ARCHIVED')`),
  ],
);

/**
 * The words of every offered item, one row per word and item with the item's creation time and
 * that word's places in its document (a tsvector of one word): a search finds the newest items
 * having all its words by reading these in order, instead of testing each item's document.
 * Kept by triggers on catalog_items (migration 0018); its index, catalog_search_terms_idx, is
 * (term, created_at desc, item_id) INCLUDE (fragment), which this builder cannot express.
 */
export const catalogSearchTerms = pgTable('catalog_search_terms', {
  term: text('term').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  itemId: uuid('item_id').notNull(),
  fragment: tsvector('fragment').notNull(),
});

/**
 * The spoken words of an item's video: one row per caption cue (when, and what is said), kept
 * whenever the captions change (server/repositories/transcripts.ts): the admin site's writes of
 * an item, the seeds, and a pass at start-up for items that have none yet (migration 0032). The
 * catalogue search matches them beside the item's own document.
 */
export const catalogItemCues = pgTable(
  'catalog_item_cues',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', text)`),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.position] }), index('catalog_item_cues_search_idx').using('gin', t.search)],
);

export const catalogItemNasotItems = pgTable(
  'catalog_item_nasot_items',
  {
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    nasotItemId: uuid('nasot_item_id')
      .notNull()
      .references(() => nasotItems.id, { onDelete: 'cascade' }),
  },
  // By framework item, with the item: the items tagged with given framework items, read from the index alone.
  (t) => [primaryKey({ columns: [t.catalogItemId, t.nasotItemId] }), index('cini_nasot_idx').on(t.nasotItemId, t.catalogItemId)],
);

export const catalogItemAudiences = pgTable(
  'catalog_item_audiences',
  {
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.catalogItemId, t.audienceId] }), index('cia_audience_idx').on(t.audienceId)],
);

export const playlistEntries = pgTable(
  'playlist_entries',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.itemId] })],
);

export const reproducibleFiles = pgTable(
  'reproducible_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    // The file itself (the seeded ones), or the upload it is (attached in the admin site).
    content: bytea('content'),
    uploadId: uuid('upload_id').references((): AnyPgColumn => mediaUploads.id, { onDelete: 'restrict' }),
    size: integer('size').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('reproducible_files_item_idx').on(t.catalogItemId),
    check('reproducible_files_content_or_upload', sql`(${t.content} is null) <> (${t.uploadId} is null)`),
  ],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.catalogItemId] })],
);

export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ratings_user_item_idx').on(t.userId, t.catalogItemId), index('ratings_item_idx').on(t.catalogItemId)],
);

export const rubricScores = pgTable(
  'rubric_scores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    updatedAt: ts('updated_at').notNull().default(appNow),
  },
  (t) => [primaryKey({ columns: [t.userId, t.catalogItemId] })],
);

export const strategyApplications = pgTable(
  'strategy_applications',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    appliedAt: ts('applied_at').notNull().default(appNow),
  },
  (t) => [primaryKey({ columns: [t.userId, t.catalogItemId] })],
);

export const learnerProgress = pgTable(
  'learner_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    lastInteractionAt: ts('last_interaction_at').notNull().default(appNow),
    videoProgress: real('video_progress').notNull().default(0),
    videoPosition: real('video_position').notNull().default(0),
    areReproduciblesDownloaded: boolean('are_reproducibles_downloaded').notNull().default(false),
    isCatalogItemRated: boolean('is_catalog_item_rated').notNull().default(false),
    isRubricScoreSaved: boolean('is_rubric_score_saved').notNull().default(false),
    isStrategyApplied: boolean('is_strategy_applied').notNull().default(false),
    /**
     * The seconds of the video the learner has watched, as merged [start, end] ranges: the union
     * of what their play sessions covered (services/watched.ts). video_progress follows it.
     */
    watchedRanges: jsonb('watched_ranges').$type<[number, number][]>().notNull().default([]),
    /**
     * When the item first became completed (the rule of services/progress.ts): the last
     * interaction of the transaction that completed it. Kept if the item is un-completed later.
     */
    completedAt: ts('completed_at'),
    /**
     * When each step was first done, for the usage report: set in the transaction that does the
     * step, kept while it stays done, null again when it is undone (an un-rating, a removed
     * application). Video progress never goes back, so `watched_at` is never cleared.
     */
    watchedAt: ts('watched_at'),
    ratedAt: ts('rated_at'),
    appliedAt: ts('applied_at'),
    rubricScoredAt: ts('rubric_scored_at'),
    /** The learner's organization while they are a member of it (MEMBER_ROLES); kept by triggers (migration 0004). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.catalogItemId] }),
    index('learner_progress_recent_idx').on(t.userId, t.lastInteractionAt),
    // The usage report and the framework heatmap: an organization's steps first done in a date
    // range, read from the index alone. The migration adds INCLUDE (catalog_item_id), which
    // drizzle cannot declare; change these only together with a hand-written migration.
    index('learner_progress_watched_idx').on(t.organizationId, t.watchedAt).where(sql`${t.organizationId} is not null and ${t.watchedAt} is not null`),
    index('learner_progress_rated_idx').on(t.organizationId, t.ratedAt).where(sql`${t.organizationId} is not null and ${t.ratedAt} is not null`),
    index('learner_progress_applied_idx').on(t.organizationId, t.appliedAt).where(sql`${t.organizationId} is not null and ${t.appliedAt} is not null`),
    index('learner_progress_rubric_scored_idx').on(t.organizationId, t.rubricScoredAt).where(sql`${t.organizationId} is not null and ${t.rubricScoredAt} is not null`),
  ],
);

export const learnerEvents = pgTable(
  'learner_events',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<LearnerEventType>().notNull(),
    occurredAt: ts('occurred_at').notNull(),
    catalogItemId: uuid('catalog_item_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: ts('received_at').notNull().default(appNow),
    /**
     * The moment the event counts for in streaks: when the server received it, or for an event
     * of a play session the event's own time kept between the session's start and its receipt
     * (an offline queue replayed later). Never a day on which the server did not hear from the user.
     */
    creditedAt: ts('credited_at').notNull().default(appNow),
    /** The user's organization while they are a member of it (MEMBER_ROLES); kept by triggers (migration 0004). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('learner_events_user_time_idx').on(t.userId, t.occurredAt),
    index('learner_events_type_time_idx').on(t.type, t.occurredAt),
    // An organization's sign-ins in a date range (the usage report), from the index alone.
    index('learner_events_logins_idx').on(t.organizationId, t.occurredAt).where(sql`${t.type} = 'LEARNER_LOGIN' and ${t.organizationId} is not null`),
  ],
);

/**
 * The framework element(s) of each catalogue item: the parents of the strategies it is tagged
 * with. Derived from catalog_item_nasot_items and nasot_items, and kept by triggers on both
 * (migration 0004), so the heatmap joins one narrow table instead of the tags.
 */
export const catalogItemElements = pgTable(
  'catalog_item_elements',
  {
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    elementId: uuid('element_id')
      .notNull()
      .references(() => nasotItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.catalogItemId, t.elementId] })],
);

/**
 * A play session: the learner asked for an item's video (GET /catalog/items/{id}/video). Its
 * events say which seconds of the video it covered; no session can have covered more than its
 * time since `started_at` allows at the fastest playback (services/watched.ts).
 */
export const playSessions = pgTable(
  'play_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogItemId: uuid('catalog_item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    startedAt: ts('started_at').notNull().default(appNow),
    /** The seconds this session covered, merged [start, end] ranges. */
    watched: jsonb('watched').$type<[number, number][]>().notNull().default([]),
  },
  (t) => [index('play_sessions_user_started_idx').on(t.userId, t.startedAt)],
);

/** A usage roll-up row's day and figures (new builders for each table that has them). */
const usageDayFigures = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  logins: integer('logins').notNull().default(0),
  loginsBefore: integer('logins_before').array().notNull().default(sql`array_fill(0, array[96])`),
  watched: integer('watched').notNull().default(0),
  rated: integer('rated').notNull().default(0),
  applied: integer('applied').notNull().default(0),
  rubricsScored: integer('rubrics_scored').notNull().default(0),
});

/**
 * The usage report's figures per organization and day (UTC), kept by statement triggers on
 * learner_events and learner_progress (migration 0024) in the transaction that writes them: the
 * sign-ins of the day, and the progress steps first done on it (and still done). A report sums
 * its whole days from here and reads the rest from the indexes it read before
 * (repositories/reporting.ts). `logins_before` has 96 entries: entry q + 1 holds the day's sign-ins
 * before its q-th quarter hour, so a day in any time zone (whole quarter-hour offsets) is a
 * difference of two entries.
 */
export const organizationUsageDays = pgTable(
  'organization_usage_days',
  {
    organizationId: uuid('organization_id').notNull(),
    ...usageDayFigures(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);

/**
 * The same figures per district and day: a row sums the organization_usage_days rows of the
 * district itself and of the schools under it (organizations.parent_id), so a report on a whole
 * district reads one row a day instead of one per school. Counted under an organization's parent,
 * or under the organization itself when it has none; kept by the same triggers, and recomputed
 * from organization_usage_days when a school changes district or an organization is deleted
 * (migration 0026).
 */
export const districtUsageDays = pgTable(
  'district_usage_days',
  {
    districtId: uuid('district_id').notNull(),
    ...usageDayFigures(),
  },
  (t) => [primaryKey({ columns: [t.districtId, t.day] })],
);

/**
 * A version of the framework tree: a statement trigger on nasot_items sets a new number from a
 * sequence in the writer's transaction (migration 0028), so a reader that sees the same number
 * sees the same tree. The server keeps its answer to `GET /catalog/nasot/items` per version.
 */
export const frameworkVersion = pgTable('framework_version', {
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The report's members per organization: users with a member role (USER, SCHOOL_ADMIN,
 * DISTRICT_ADMIN) who completed onboarding, kept by statement triggers on users in the writer's
 * transaction (migration 0029), so the report's "active educators" is a sum of a row per
 * organization instead of a count of every member.
 */
export const organizationMembers = pgTable('organization_members', {
  organizationId: uuid('organization_id').primaryKey(),
  onboarded: integer('onboarded').notNull().default(0),
});

/** The days a learner signed in (UTC): a sign-in counts once a day, whatever a client sends. */
export const learnerLogins = pgTable(
  'learner_logins',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('page_views_time_idx').on(t.createdAt)],
);

export const paymentMethods = pgTable('payment_methods', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  gatewayRef: text('gateway_ref').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    trialEndsAt: ts('trial_ends_at'),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pastDue: boolean('past_due').notNull().default(false),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** When the "your trial ends soon" e-mail was claimed for sending: it goes out once per subscription. */
    trialReminderSentAt: ts('trial_reminder_sent_at'),
    /** An organization's subscription: how many members it covers (null: no limit; migration 0013). */
    seats: integer('seats'),
    /** An organization's subscription gives access from this instant (null: from its creation). */
    startsAt: ts('starts_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_org_idx').on(t.organizationId),
    // The reminder job's scan: personal trials not reminded yet, by the day they end.
    index('subscriptions_trial_reminder_idx').on(t.trialEndsAt).where(sql`${t.trialReminderSentAt} is null and ${t.trialEndsAt} is not null`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    description: text('description').notNull(),
    gatewayRef: text('gateway_ref'),
    /** The card charged (or verified); null for rows made before cards were recorded on transactions. */
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** The serial of the receipt number EL-<year>-<serial> (server/services/billing.ts, receiptNumber). */
    receiptSerial: bigserial('receipt_serial', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('transactions_user_idx').on(t.userId), uniqueIndex('transactions_receipt_serial_idx').on(t.receiptSerial)],
);

export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const emailVerificationTokens = pgTable('email_verification_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at').notNull().defaultNow(),
});

/**
 * A strategy on a certificate: its video's length, and the seconds of it the learner watched
 * (the server's own measure, learner_progress.video_progress; absent on certificates issued
 * before it was kept, whose hours are the videos' lengths).
 */
export type CertificateStrategy = { catalogItemId: string; title: string; completedAt: string; durationSeconds: number; watchedSeconds?: number };

/**
 * A learning certificate as it was issued: who, the range, the strategies and their video
 * lengths are copied in, so its verification shows what was issued whatever changes later.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The unguessable verification code (base32, 16 characters: 80 random bits). */
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    educatorName: text('educator_name').notNull(),
    organizationName: text('organization_name'),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** The time zone the range's days were counted in. */
    timeZone: text('time_zone').notNull(),
    totalSeconds: doublePrecision('total_seconds').notNull(),
    strategies: jsonb('strategies').$type<CertificateStrategy[]>().notNull(),
    issuedAt: ts('issued_at').notNull().default(appNow),
  },
  (t) => [uniqueIndex('certificates_code_idx').on(t.code), index('certificates_user_idx').on(t.userId, t.issuedAt)],
);

/**
 * Every change made in the admin site: who (the admin, and their e-mail as it was, should the
 * account go), what (an `entity.verb` action on an entity, named as it was called then), when,
 * and the changed fields before and after. Written in the transaction of the change itself.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().default(appNow),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type', { enum: AUDIT_ENTITY_TYPES }).notNull(),
    entityId: text('entity_id').notNull(),
    entityLabel: text('entity_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
  ],
);

/**
 * Files the admin site uploaded (videos, captions, posters, reproducible files): where the media
 * storage keeps each (local disk or S3-compatible object storage) and what its content was found
 * to be. An upload never changes; it is served at /media/uploads/{id}/{fileName}.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** A captions file's cues as read when it was uploaded (server/media/webvtt.ts); null for other kinds. */
    cues: jsonb('cues').$type<{ start: number; end: number; text: string }[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('media_uploads_created_idx').on(t.createdAt.desc())],
);

/**
 * An organization's single sign-on (migration 0031): its identity provider, OpenID Connect or
 * SAML 2.0, to which the embedded provider sends the addresses of the domains it owns. A
 * district's connection covers its schools. `schoolClaim` names the claim (OIDC) or attribute
 * (SAML) that holds the teacher's school, by name or sourcedId. The client secret is kept
 * sealed (server/services/sealed.ts).
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    protocol: text('protocol', { enum: ['OIDC', 'SAML', 'AUTH0'] }).notNull(),
    /** What the sign-in page calls the provider ("Northwind Google Workspace"). */
    displayName: text('display_name').notNull(),
    /** OIDC: the issuer (discovery at its /.well-known/openid-configuration). SAML: the IdP's entity ID. AUTH0: the Auth0 Organization's id. */
    issuer: text('issuer').notNull(),
    /** OIDC only. */
    clientId: text('client_id'),
    clientSecretSealed: text('client_secret_sealed'),
    /** SAML only: the IdP's single sign-on URL and its signing certificate (PEM). */
    ssoUrl: text('sso_url'),
    certificate: text('certificate'),
    schoolClaim: text('school_claim'),
    /** During a switch-over the domains' local passwords keep working too. */
    allowPasswords: boolean('allow_passwords').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().default(appNow),
  },
  (t) => [uniqueIndex('sso_connections_organization_idx').on(t.organizationId)],
);

/** The e-mail domains a connection owns: one way in per domain. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domains_connection_idx').on(t.connectionId)],
);

/** Who an account is at a connection's identity provider (its `sub`, or SAML NameID). */
export const userIdentities = pgTable(
  'user_identities',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in sent to a connection's identity provider and not back yet (OIDC `state`, SAML request
 * ID): what the answer must match, and once it was checked, whom it signs in. Used once.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: text('id').primaryKey(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    /** The embedded provider's sign-in (interaction) it continues. */
    interactionUid: text('interaction_uid').notNull(),
    /** OIDC: the PKCE verifier and the nonce the ID token must carry. */
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    /** Set when the provider's answer was checked: the account it signs in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sso_requests_expires_idx').on(t.expiresAt)],
);

/** SAML assertions already used, until they expire: a replayed one is refused. */
export const samlAssertionsUsed = pgTable(
  'saml_assertions_used',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('saml_assertions_used_expires_idx').on(t.expiresAt)],
);

/**
 * A OneRoster import of a district (migration 0031): the dry run's plan, kept until it is applied
 * or replaced, and the outcome once applied. Nothing changes without applying a dry run.
 */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['UPLOAD', 'PULL'] }).notNull(),
    fileName: text('file_name'),
    /** SHA-256 of the file (or of the pulled data): the same roster twice changes nothing. */
    digest: text('digest').notNull(),
    /** The changes the dry run found, and the rows it could not use. */
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    appliedAt: ts('applied_at'),
    appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('roster_imports_organization_idx').on(t.organizationId, t.createdAt.desc())],
);

/** A district's OneRoster REST endpoint, pulled nightly with its client credentials (sealed). */
export const rosterSources = pgTable('roster_sources', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  tokenUrl: text('token_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** Apply a pulled roster without review (else the pull leaves a dry run for an admin to apply). */
  autoApply: boolean('auto_apply').notNull().default(false),
  lastRunAt: ts('last_run_at'),
  lastResult: jsonb('last_result').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});
