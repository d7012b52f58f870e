import type { CatalogItemStatus, ResourceType, Schemas } from '../contract.ts';
import type { ResourceLink, RubricLevel } from '../db/schema.ts';
import { badRequest, conflict, notFound, unprocessable } from '../errors.ts';
import type { CatalogAdminQueries, CatalogAdminRepository, ItemColumns, StoredItem } from '../repositories/catalog-admin.ts';
import type { UserRow } from '../auth/principal.ts';
import type { AdminChanges, AdminUnit } from './admin-changes.ts';
import {
  AUDIENCES_TO_PUBLISH,
  DESCRIPTION_RULES,
  DESCRIPTION_TO_PUBLISH,
  ENTRIES_TO_PUBLISH,
  FRAMEWORK_TO_PUBLISH,
  isWebAddress,
  PUBLIC_ID_RULES,
  RESOURCE_DESCRIPTION_RULES,
  RESOURCE_TITLE_RULES,
  RUBRIC_DESCRIPTION_RULES,
  RUBRIC_LEVELS,
  RUBRIC_MESSAGE,
  RUBRIC_TITLE_RULES,
  slugOf,
  TITLE_RULES,
  URL_RULES,
} from '../../src/lib/validation/catalog-item.ts';
import { validate, type Rule } from '../../src/lib/validation/rules.ts';
import { clock } from '../clock.ts';

type Fields = Schemas['AdminCatalogItemPatch'];
type Input = Schemas['AdminCatalogItemInput'];

/** A field that breaks a rule: 400 with the rule's message (spec §5: one error at a time). */
const invalid = (message: string) => badRequest(message, 'VALIDATION_FAILED');
/** What publishing (or keeping an item published) still needs: 422 with the rule's message. */
const notReady = (message: string) => unprocessable(message, 'NOT_READY');

function check(value: unknown, rules: readonly Rule[], label: string) {
  const [error] = validate(value, rules, label);
  if (error) throw invalid(error);
}

function checkAddress(value: string | null | undefined, label: string) {
  if (value === null || value === undefined) return;
  check(value, URL_RULES, label);
  if (!isWebAddress(value)) throw invalid(`The ${label} must be a web address (https://…) or a path on this site`);
}

/** Which fields belong to which kind of item. */
const ONLY_FOR: Partial<Record<keyof Fields, { types: ResourceType[]; label: string; kinds: string }>> = {
  startDate: { types: ['LIVESTREAM'], label: 'Start Date', kinds: 'livestreams' },
  endDate: { types: ['LIVESTREAM'], label: 'End Date', kinds: 'livestreams' },
  joinUrl: { types: ['LIVESTREAM'], label: 'Stream Link', kinds: 'livestreams' },
  entryIds: { types: ['PLAYLIST'], label: 'Entries', kinds: 'playlists' },
  rubric: { types: ['LEARNING_OBJECT'], label: 'Reflection Rubric', kinds: 'learning objects' },
  reproducibles: { types: ['LEARNING_OBJECT'], label: 'Reproducible Files', kinds: 'learning objects' },
  video: { types: ['LEARNING_OBJECT', 'LIVESTREAM'], label: 'Video', kinds: 'learning objects and livestreams (their recording)' },
};

const trimmed = (value: string | undefined) => value?.trim();
const emptyToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

/** An item as it would be after the change: what the publishing rules read. */
type Merged = StoredItem & { hasVideo: boolean };

/** The audit log's action for each status an item is put in. */
const STATUS_ACTIONS: Record<CatalogItemStatus, string> = {
  PUBLISHED: 'catalogItem.published',
  ARCHIVED: 'catalogItem.archived',
  DRAFT: 'catalogItem.returnedToDraft',
};

/**
 * The admin site's catalogue: items are created as drafts, edited, published, archived and put
 * back to draft by the rules in docs/decisions.md ("The catalogue's lifecycle"). Every change runs
 * in one transaction with the item's row locked; educators' lists read it on their next request.
 */
export function createCatalogAdmin(repo: CatalogAdminRepository, changes: AdminChanges) {
  /** The change in one transaction with its audit entries (server/services/admin-changes.ts). */
  const change = <T>(actor: UserRow, work: (tx: CatalogAdminQueries, record: AdminUnit['record']) => Promise<T>) =>
    changes.apply(actor, ({ repos, record }) => work(repos.catalogAdmin, record));
  const entity = (id: string, title: string) => ({ entityType: 'CATALOG_ITEM' as const, entityId: id, entityLabel: title });

  async function found(id: string) {
    const item = await repo.get(id);
    if (!item) throw notFound('Catalogue item not found');
    return item;
  }

  /** Checks the fields sent (for an item of this type, `current` when it exists) and turns them into columns. */
  async function columnsOf(tx: CatalogAdminQueries, type: ResourceType, fields: Fields, current: StoredItem | null): Promise<ItemColumns> {
    for (const [key, rule] of Object.entries(ONLY_FOR) as [keyof Fields, NonNullable<(typeof ONLY_FOR)[keyof Fields]>][]) {
      if (fields[key] === undefined || rule.types.includes(type)) continue;
      const value = fields[key];
      // Clearing a field the type does not have is harmless.
      if (value === null || (Array.isArray(value) && value.length === 0)) continue;
      throw invalid(`The ${rule.label} is for ${rule.kinds} only`);
    }
    const columns: ItemColumns = {};
    if (fields.title !== undefined) {
      check(trimmed(fields.title), TITLE_RULES, 'Title');
      columns.title = trimmed(fields.title)!;
    }
    if (fields.description !== undefined) {
      check(trimmed(fields.description), DESCRIPTION_RULES, 'Description');
      columns.description = trimmed(fields.description)!;
    }
    if (fields.publicId !== undefined) {
      check(fields.publicId, PUBLIC_ID_RULES, 'Public Id');
      if (current && current.publicId !== fields.publicId && current.status !== 'DRAFT') {
        throw unprocessable('The Public Id of a published or archived item does not change: links to it are out there', 'PUBLIC_ID_FIXED');
      }
      if (await tx.publicIdTaken(fields.publicId, current?.id ?? null)) throw conflict('Another item already has this Public Id', 'PUBLIC_ID_TAKEN');
      columns.publicId = fields.publicId;
    }
    if (fields.thumbnailUrl !== undefined) {
      columns.thumbnailUrl = emptyToNull(fields.thumbnailUrl) ?? null;
      checkAddress(columns.thumbnailUrl, 'Thumbnail URL');
    }
    if (fields.featured !== undefined) columns.featured = fields.featured;
    if (fields.implementationGuide !== undefined) columns.implementationGuide = emptyToNull(fields.implementationGuide) ?? null;
    if (fields.resources !== undefined) {
      columns.resources = fields.resources.map((r, i): ResourceLink => {
        check(trimmed(r.title), RESOURCE_TITLE_RULES, `Resource ${i + 1} Title`);
        if (!r.url.trim()) throw invalid(`The Resource ${i + 1} URL field is required`);
        checkAddress(r.url.trim(), `Resource ${i + 1} URL`);
        check(trimmed(r.description), RESOURCE_DESCRIPTION_RULES, `Resource ${i + 1} Description`);
        return { title: r.title.trim(), url: r.url.trim(), description: r.description?.trim() ?? '' };
      });
    }
    if (fields.reproducibles !== undefined) {
      const list = fields.reproducibles;
      const uploadIds = list.flatMap((r) => (r.uploadId ? [r.uploadId] : []));
      const fileIds = list.flatMap((r) => (r.id ? [r.id] : []));
      const uploaded = new Set(await tx.reproducibleUploads(uploadIds));
      const own = new Set(current ? await tx.ownReproducibles(current.id, fileIds) : []);
      const seen = new Set<string>();
      list.forEach((r, i) => {
        check(trimmed(r.title), RESOURCE_TITLE_RULES, `Reproducible ${i + 1} Title`);
        if ((r.id === undefined) === (r.uploadId === undefined)) throw invalid(`The Reproducible ${i + 1} must name either an upload or one of the item's files`);
        if (r.uploadId !== undefined && !uploaded.has(r.uploadId)) throw invalid(`The Reproducible ${i + 1} must be an uploaded reproducible file`);
        if (r.id !== undefined && !own.has(r.id)) throw invalid(`The Reproducible ${i + 1} is not one of this item's files`);
        const key = r.id ?? r.uploadId!;
        if (seen.has(key)) throw invalid(`The Reproducible ${i + 1} is already in the list`);
        seen.add(key);
      });
    }
    if (fields.rubric !== undefined) {
      const values = fields.rubric.map((l) => l.value).sort();
      if (fields.rubric.length && values.join() !== RUBRIC_LEVELS.join()) throw invalid(RUBRIC_MESSAGE);
      columns.rubric = [...fields.rubric]
        .sort((a, b) => a.value - b.value)
        .map((l): RubricLevel => {
          check(trimmed(l.title), RUBRIC_TITLE_RULES, `Level ${l.value} Title`);
          check(trimmed(l.description), RUBRIC_DESCRIPTION_RULES, `Level ${l.value} Description`);
          return { value: l.value, title: l.title.trim(), description: l.description.trim() };
        });
    }
    if (type === 'LIVESTREAM') {
      if (fields.startDate !== undefined) columns.startDate = fields.startDate;
      if (fields.endDate !== undefined) columns.endDate = fields.endDate;
      const start = columns.startDate !== undefined ? columns.startDate : (current?.startDate ?? null);
      const end = columns.endDate !== undefined ? columns.endDate : (current?.endDate ?? null);
      if (start && end && Date.parse(end) <= Date.parse(start)) throw invalid('The End Date must be after the Start Date');
      if (fields.joinUrl !== undefined) {
        columns.joinUrl = emptyToNull(fields.joinUrl) ?? null;
        checkAddress(columns.joinUrl, 'Stream Link');
      }
      // The recording comes after the event.
      if (fields.video && !(end && Date.parse(end) <= clock.ms())) {
        throw unprocessable('A recording can be added once the livestream has ended', 'LIVESTREAM_NOT_ENDED');
      }
    }
    if (fields.video) {
      checkAddress(fields.video.url.trim(), 'Video URL');
      checkAddress(fields.video.posterUrl ?? null, 'Poster URL');
      checkAddress(fields.video.captionsUrl ?? null, 'Captions URL');
    }
    if (fields.nasotItemIds?.length && (await tx.countNasotItems(fields.nasotItemIds)) !== fields.nasotItemIds.length) {
      throw invalid('The Framework Items must be items of the framework');
    }
    if (fields.audienceIds?.length && (await tx.countAudiences(fields.audienceIds)) !== fields.audienceIds.length) {
      throw invalid('The Audiences must be audiences of the platform');
    }
    if (type === 'PLAYLIST' && fields.entryIds?.length) {
      const kinds = await tx.kinds(fields.entryIds);
      const before = new Set(current?.entryIds ?? []);
      for (const id of fields.entryIds) {
        const kind = kinds.get(id);
        if (!kind) throw invalid('The Entries must be items of the catalogue');
        if (kind.resourceType === 'PLAYLIST') throw unprocessable('A playlist cannot contain a playlist', 'NESTED_PLAYLIST');
        if (kind.status === 'ARCHIVED' && !before.has(id)) throw unprocessable('Archived items cannot be added to a playlist', 'ITEM_ARCHIVED');
      }
    }
    return columns;
  }

  /** Writes the checked change: the columns, then the links (their triggers refresh the item's arrays). */
  async function write(tx: CatalogAdminQueries, id: string, columns: ItemColumns, fields: Fields) {
    if (fields.nasotItemIds !== undefined) await tx.setNasotItems(id, fields.nasotItemIds);
    if (fields.audienceIds !== undefined) await tx.setAudiences(id, fields.audienceIds);
    if (fields.entryIds !== undefined) await tx.setEntries(id, fields.entryIds);
    if (fields.video !== undefined) await tx.setVideo(id, fields.video ? { ...fields.video, url: fields.video.url.trim() } : null);
    if (fields.reproducibles !== undefined) {
      await tx.setReproducibles(id, fields.reproducibles.map((r) => (r.id !== undefined ? { id: r.id, title: r.title.trim() } : { uploadId: r.uploadId!, title: r.title.trim() })));
    }
    // Last, so the item is marked changed even when only links changed.
    await tx.update(id, columns);
    // Generated captions are drawn from the title, description and guide; uploaded ones replace them.
    await tx.refreshCues(id);
  }

  /** What educators need before an item is published (and while it stays published or archived). */
  async function checkReady(tx: CatalogAdminQueries, item: Merged) {
    const [error] = validate(item.description, DESCRIPTION_TO_PUBLISH, 'Description');
    if (error) throw notReady(error);
    const need = (rule: Rule, value: unknown) => {
      const result = rule(value, '');
      if (result !== true) throw notReady(result);
    };
    if (item.resourceType === 'LEARNING_OBJECT') {
      need(FRAMEWORK_TO_PUBLISH, item.nasotItemIds);
      need(AUDIENCES_TO_PUBLISH, item.audienceIds);
      if (item.rubric.length !== RUBRIC_LEVELS.length) throw notReady(RUBRIC_MESSAGE);
    }
    if (item.resourceType === 'LIVESTREAM') {
      if (!item.startDate) throw notReady('The Start Date field is required');
      if (!item.endDate) throw notReady('The End Date field is required');
      if (!item.joinUrl && !item.hasVideo) throw notReady('The Stream Link field is required');
    }
    if (item.resourceType === 'PLAYLIST') {
      const kinds = await tx.kinds(item.entryIds);
      need(ENTRIES_TO_PUBLISH, item.entryIds.filter((id) => kinds.get(id)?.status === 'PUBLISHED'));
    }
  }

  async function locked(tx: CatalogAdminQueries, id: string) {
    const item = await tx.lock(id);
    if (!item) throw notFound('Catalogue item not found');
    return item;
  }

  const merged = async (tx: CatalogAdminQueries, id: string): Promise<Merged> => {
    const item = (await tx.lock(id))!;
    return { ...item, hasVideo: item.videoId !== null };
  };

  /** A public id no item has: the title's, else the title's with the first free number after it. */
  async function freePublicId(tx: CatalogAdminQueries, title: string) {
    const base = slugOf(title);
    const taken = await tx.publicIdsLike(base);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  return {
    list: repo.list,
    get: found,

    /** A new item, always a draft: nothing half-made reaches educators. */
    async create(actor: UserRow, input: Input) {
      const { resourceType, ...fields } = input;
      const id = await change(actor, async (tx, record) => {
        const columns = await columnsOf(tx, resourceType, fields, null);
        const publicId = columns.publicId ?? (await freePublicId(tx, columns.title!));
        const created = await tx.insert(resourceType, { ...columns, publicId, title: columns.title! });
        await write(tx, created, {}, fields);
        record({ ...entity(created, columns.title!), action: 'catalogItem.created', before: null, after: { resourceType, publicId, ...fields } });
        return created;
      });
      return found(id);
    },

    /** Changes the fields sent; an item educators can see must stay complete. */
    async update(actor: UserRow, id: string, fields: Fields) {
      await change(actor, async (tx, record) => {
        const current = await locked(tx, id);
        const columns = await columnsOf(tx, current.resourceType, fields, current);
        await write(tx, id, columns, fields);
        if (current.status !== 'DRAFT') await checkReady(tx, await merged(tx, id));
        // The fields sent, as they were and as they are now (a video is a file: its URL is logged).
        const before = Object.fromEntries(Object.keys(fields).map((key) => [key, (current as Record<string, unknown>)[key] ?? null]));
        record({ ...entity(id, (fields.title as string | undefined) ?? current.title), action: 'catalogItem.updated', before, after: { ...fields } });
      });
      return found(id);
    },

    /**
     * Publish (a complete draft or archived item), archive (a published item), back to draft (an
     * item no educator has used). The same status again changes nothing.
     */
    async changeStatus(actor: UserRow, id: string, status: CatalogItemStatus) {
      await change(actor, async (tx, record) => {
        const current = await locked(tx, id);
        if (current.status === status) return;
        record({ ...entity(id, current.title), action: STATUS_ACTIONS[status], before: { status: current.status }, after: { status } });
        if (status === 'PUBLISHED') await checkReady(tx, { ...current, hasVideo: current.videoId !== null });
        if (status === 'ARCHIVED' && current.status === 'DRAFT') {
          throw conflict('A draft cannot be archived: publish it first, or keep it as a draft', 'INVALID_TRANSITION');
        }
        if (status === 'DRAFT' && (await tx.inUse(id))) {
          throw conflict('Educators have already used this item, so it cannot go back to draft: archive it instead', 'ITEM_IN_USE');
        }
        await tx.update(id, { status });
      });
      return found(id);
    },

    /** A playlist's entries in a new order: the same items, each once. */
    async reorder(actor: UserRow, id: string, itemIds: string[]) {
      await change(actor, async (tx, record) => {
        const current = await locked(tx, id);
        if (current.resourceType !== 'PLAYLIST') throw unprocessable('Only playlists have entries to reorder', 'NOT_A_PLAYLIST');
        const same = itemIds.length === current.entryIds.length && new Set([...itemIds, ...current.entryIds]).size === itemIds.length;
        if (!same) throw conflict('The playlist has changed meanwhile: reload it and reorder again', 'ENTRIES_CHANGED');
        await tx.setEntries(id, itemIds);
        await tx.update(id, {});
        if (itemIds.some((itemId, i) => itemId !== current.entryIds[i])) {
          record({ ...entity(id, current.title), action: 'catalogItem.entriesReordered', before: { itemIds: current.entryIds }, after: { itemIds } });
        }
      });
      return found(id);
    },
  };
}
