import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/errors';
import type { AdminCatalogItemInput as CreateBody, AdminCatalogItemPatch } from '@/api/operations/admin';
import { adminCatalogItemIntents } from '@/machines/admin/admin-catalog-item.intents';
import { createBody, draftOf, errorField, patchBody, toLocalInput, uploadedReproducible } from '@/machines/admin/admin-catalog-item.logic';
import { adminCatalogItemMachine } from '@/machines/admin/admin-catalog-item.machine';
import { selectAlert, selectEntries, selectFieldError, selectIsDirty, selectItem } from '@/machines/admin/admin-catalog-item.selectors';
import type { AdminCatalogItem, CatalogItemStatus } from '@/machines/admin/admin-catalog-item.types';
import { deferred, flush } from './fixtures';
import { item, summary } from './admin-catalog-item.fixtures';

// One catalogue item in the admin site: loaded or new, edited, checked by the server's rules
// before anything is sent, saved as the fields that changed, moved through its lifecycle, and
// a playlist's entries reordered at once and put back when the server refuses the order.

type Calls = { created: CreateBody[]; patched: AdminCatalogItemPatch[]; statuses: CatalogItemStatus[]; orders: string[][]; notices: string[]; createdIds: string[] };

function start(options: {
  input: { id: string } | { type: AdminCatalogItem['resourceType'] };
  stored?: AdminCatalogItem;
  update?: (patch: AdminCatalogItemPatch, current: AdminCatalogItem) => Promise<AdminCatalogItem>;
  status?: (status: CatalogItemStatus, current: AdminCatalogItem) => Promise<AdminCatalogItem>;
  reorder?: (itemIds: string[], current: AdminCatalogItem) => Promise<AdminCatalogItem>;
}) {
  let current = options.stored ?? item();
  const calls: Calls = { created: [], patched: [], statuses: [], orders: [], notices: [], createdIds: [] };
  const actor = createActor(
    adminCatalogItemMachine.provide({
      actors: {
        loadItem: fromPromise(async () => current),
        createItem: fromPromise<AdminCatalogItem, { body: CreateBody }>(async ({ input }) => {
          calls.created.push(input.body);
          current = item({ title: input.body.title, resourceType: input.body.resourceType, publicId: input.body.publicId ?? 'made-from-title' });
          return current;
        }),
        updateItem: fromPromise<AdminCatalogItem, { id: string; patch: AdminCatalogItemPatch }>(async ({ input }) => {
          calls.patched.push(input.patch);
          current = options.update ? await options.update(input.patch, current) : { ...current, ...(input.patch as Partial<AdminCatalogItem>) };
          return current;
        }),
        changeStatus: fromPromise<AdminCatalogItem, { id: string; status: CatalogItemStatus }>(async ({ input }) => {
          calls.statuses.push(input.status);
          current = options.status ? await options.status(input.status, current) : { ...current, status: input.status };
          return current;
        }),
        reorderEntries: fromPromise<AdminCatalogItem, { id: string; itemIds: string[] }>(async ({ input }) => {
          calls.orders.push(input.itemIds);
          current = options.reorder
            ? await options.reorder(input.itemIds, current)
            : { ...current, entries: input.itemIds.map((id, position) => ({ position, item: current.entries.find((e) => e.item.id === id)!.item })) };
          return current;
        }),
      },
      actions: {
        notifySaved: (_, { message }) => void calls.notices.push(message),
        created: (_, { id }) => void calls.createdIds.push(id),
      },
    }),
    { input: options.input },
  ).start();
  const intents = adminCatalogItemIntents((event) => actor.send(event));
  return { actor, intents, calls, current: () => current };
}

describe('admin catalogue item', () => {
  it('a new item is checked before it is sent, then created as a draft with only what was given', async () => {
    const { actor, intents, calls } = start({ input: { type: 'LEARNING_OBJECT' } });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);

    intents.save();
    expect(selectFieldError('title')(actor.getSnapshot())).toBe('The Title field is required');
    expect(calls.created).toEqual([]);

    intents.change({ title: 'Ex' });
    expect(selectFieldError('title')(actor.getSnapshot())).toBe('The Title must have at least 3 characters');
    intents.change({ title: '  Exit tickets ', videoUrl: '/media/videos/strategy-01.webm' });
    expect(selectFieldError('title')(actor.getSnapshot())).toBeNull();
    intents.save();
    expect(selectFieldError('videoDuration')(actor.getSnapshot())).toBe('The Duration field is required');
    intents.change({ videoDuration: '24' });
    intents.save();
    await flush();

    expect(calls.created).toEqual([
      { resourceType: 'LEARNING_OBJECT', title: 'Exit tickets', featured: false, video: { url: '/media/videos/strategy-01.webm', mimeType: 'video/webm', durationSeconds: 24, posterUrl: null, captionsUrl: null } },
    ]);
    expect(calls.createdIds).toHaveLength(1);
    expect(calls.notices).toEqual(['Draft created']);
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
  });

  it('saves only the fields that changed, and is clean again once saved', async () => {
    const stored = item({ nasotItemIds: ['a'], resources: [{ title: 'Cards', url: '/media/cards.pdf', description: '' }] });
    const { actor, intents, calls } = start({ input: { id: stored.id }, stored, update: async (patch, current) => ({ ...current, ...(patch as Partial<AdminCatalogItem>) }) });
    await flush();
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);

    intents.change({ title: 'Think, pair, share again' });
    intents.change({ nasotItemIds: ['a', 'b'] });
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    intents.save();
    await flush();
    expect(calls.patched).toEqual([{ title: 'Think, pair, share again', nasotItemIds: ['a', 'b'] }]);
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    expect(calls.notices).toEqual(['Changes saved']);

    // Nothing changed: nothing is sent.
    intents.save();
    await flush();
    expect(calls.patched).toHaveLength(1);
  });

  it('sends the reproducible files as the item’s own (by id) and new uploads, in the list’s order', async () => {
    const seeded = { id: 'file-1', uploadId: null, title: 'Exit ticket cards', fileName: 'cards.pdf', mimeType: 'application/pdf', size: 812 };
    const stored = item({ reproducibles: [seeded] });
    const { actor, intents, calls } = start({
      input: { id: stored.id },
      stored,
      update: async (patch, current) => ({
        ...current,
        reproducibles: (patch.reproducibles ?? []).map((f) =>
          f.id ? { ...seeded, title: f.title } : { id: 'file-2', uploadId: f.uploadId!, title: f.title, fileName: 'sorting-mat.pdf', mimeType: 'application/pdf', size: 2048 },
        ),
      }),
    });
    await flush();
    const added = uploadedReproducible({ id: 'upload-9', fileName: 'sorting-mat.pdf', size: 2048 });
    expect(added.title).toBe('sorting mat');
    const [kept] = actor.getSnapshot().context.draft.reproducibles;
    intents.change({ reproducibles: [added, { ...kept!, title: '' }] });
    intents.save();
    // A file without a title is refused before anything is sent, with the server's words.
    expect(selectFieldError('reproducibles.1.title')(actor.getSnapshot())).toBe('The Reproducible 2 Title field is required');
    expect(calls.patched).toEqual([]);

    intents.change({ reproducibles: [added, { ...kept!, title: 'Cards, renamed' }] });
    intents.save();
    await flush();
    expect(calls.patched).toEqual([{ reproducibles: [{ uploadId: 'upload-9', title: 'sorting mat' }, { id: 'file-1', title: 'Cards, renamed' }] }]);
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    expect(errorField(new ApiError(400, 'VALIDATION_FAILED', 'The Reproducible 3 Title must have at most 150 characters'))).toBe('reproducibles.2.title');
  });

  it('puts a refusal of the server under its field, or in an alert when it is the whole item’s', async () => {
    const stored = item();
    let refusal: ApiError = new ApiError(409, 'PUBLIC_ID_TAKEN', 'Another item already has this Public Id');
    const { actor, intents } = start({
      input: { id: stored.id },
      stored,
      update: async () => {
        throw refusal;
      },
      status: async () => {
        throw new ApiError(422, 'NOT_READY', 'Please select at least 1 framework item');
      },
    });
    await flush();
    intents.change({ publicId: 'taken-one' });
    intents.save();
    await flush();
    expect(selectFieldError('publicId')(actor.getSnapshot())).toBe('Another item already has this Public Id');
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);

    refusal = new ApiError(400, 'VALIDATION_FAILED', 'The Resource 2 URL must be a web address (https://…) or a path on this site');
    intents.save();
    await flush();
    expect(selectFieldError('resources.1.url')(actor.getSnapshot())).toMatch(/Resource 2 URL/);

    intents.change({ publicId: stored.publicId });
    intents.setStatus('PUBLISHED');
    await flush();
    expect(selectAlert(actor.getSnapshot())).toBe('Please select at least 1 framework item');
    expect(selectItem(actor.getSnapshot())?.status).toBe('DRAFT');
    intents.dismissAlert();
    expect(selectAlert(actor.getSnapshot())).toBeNull();
  });

  it('saves unsaved changes before changing the status, and tells the new status', async () => {
    const stored = item();
    const { actor, intents, calls } = start({ input: { id: stored.id }, stored });
    await flush();
    intents.change({ description: 'A better description.' });
    intents.setStatus('PUBLISHED');
    await flush();
    await flush();
    expect(calls.patched).toEqual([{ description: 'A better description.' }]);
    expect(calls.statuses).toEqual(['PUBLISHED']);
    expect(selectItem(actor.getSnapshot())?.status).toBe('PUBLISHED');
    expect(calls.notices).toEqual(['Published: educators can find it now']);

    // The same status again asks nothing.
    intents.setStatus('PUBLISHED');
    await flush();
    expect(calls.statuses).toEqual(['PUBLISHED']);
  });

  it('a status change waits while invalid changes are unsaved', async () => {
    const stored = item();
    const { actor, intents, calls } = start({ input: { id: stored.id }, stored });
    await flush();
    intents.change({ title: '' });
    intents.setStatus('PUBLISHED');
    await flush();
    expect(calls.statuses).toEqual([]);
    expect(selectFieldError('title')(actor.getSnapshot())).toBe('The Title field is required');
  });

  it('moves a playlist entry at once, and puts the order back when the server refuses it', async () => {
    const a = summary({ title: 'A' });
    const b = summary({ title: 'B' });
    const c = summary({ title: 'C' });
    const stored = item({ resourceType: 'PLAYLIST', entries: [a, b, c].map((entry, position) => ({ position, item: entry })) });
    const gate = deferred<void>();
    let refuse = false;
    const { actor, intents, calls } = start({
      input: { id: stored.id },
      stored,
      reorder: async (itemIds, current) => {
        await gate.promise;
        if (refuse) throw new ApiError(409, 'ENTRIES_CHANGED', 'The playlist has changed meanwhile: reload it and reorder again');
        return { ...current, entries: itemIds.map((id, position) => ({ position, item: current.entries.find((e) => e.item.id === id)!.item })) };
      },
    });
    await flush();
    intents.moveEntry(2, 0);
    // Shown in the new order before the server answers.
    expect(selectEntries(actor.getSnapshot()).map((e) => e.title)).toEqual(['C', 'A', 'B']);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    gate.resolve();
    await flush();
    expect(calls.orders).toEqual([[c.id, a.id, b.id]]);
    expect(calls.notices).toEqual(['Order saved']);

    refuse = true;
    intents.moveEntry(0, 1);
    expect(selectEntries(actor.getSnapshot()).map((e) => e.title)).toEqual(['A', 'C', 'B']);
    await flush();
    expect(selectEntries(actor.getSnapshot()).map((e) => e.title)).toEqual(['C', 'A', 'B']);
    expect(selectAlert(actor.getSnapshot())).toMatch(/changed meanwhile/);
  });

  it('adds and removes a playlist entry with the entries the server keeps', async () => {
    const a = summary({ title: 'A' });
    const stored = item({ resourceType: 'PLAYLIST' });
    const { actor, intents, calls } = start({
      input: { id: stored.id },
      stored,
      update: async (patch, current) => ({ ...current, entries: (patch.entryIds ?? []).map((id, position) => ({ position, item: id === a.id ? a : summary({ id }) })) }),
    });
    await flush();
    intents.addEntry(a);
    await flush();
    expect(calls.patched).toEqual([{ entryIds: [a.id] }]);
    // Adding it twice does nothing.
    intents.addEntry(a);
    await flush();
    expect(calls.patched).toHaveLength(1);
    intents.removeEntry(a.id);
    await flush();
    expect(calls.patched[1]).toEqual({ entryIds: [] });
    expect(selectEntries(actor.getSnapshot())).toEqual([]);
  });
});

describe('the draft and the API item', () => {
  it('round-trips an item, and a livestream’s times as the browser shows them', () => {
    const live = item({ resourceType: 'LIVESTREAM', startDate: '2026-12-01T15:00:00.000Z', endDate: '2026-12-01T16:00:00.000Z', joinUrl: 'https://stream.example.org/x' });
    const draft = draftOf(live);
    expect(draft.startDate).toBe(toLocalInput('2026-12-01T15:00:00.000Z'));
    expect(patchBody('LIVESTREAM', draft, draft)).toBeNull();
    expect(patchBody('LIVESTREAM', draft, { ...draft, joinUrl: '' })).toEqual({ joinUrl: null });
    expect(createBody('LIVESTREAM', draft, [])).toMatchObject({ startDate: '2026-12-01T15:00:00.000Z', endDate: '2026-12-01T16:00:00.000Z' });
    // A playlist's body has no rubric, video or schedule.
    expect(Object.keys(createBody('PLAYLIST', { ...draft, title: 'Set' }, ['x']))).toEqual(['resourceType', 'title', 'publicId', 'description', 'featured', 'entryIds']);
  });

  it('finds the field a 400 names; other refusals belong to the item', () => {
    expect(errorField(new ApiError(400, 'VALIDATION_FAILED', 'The Level 3 Description field is required'))).toBe('rubric.2.description');
    expect(errorField(new ApiError(400, 'VALIDATION_FAILED', 'The Poster URL must be a web address (https://…) or a path on this site'))).toBe('posterUrl');
    expect(errorField(new ApiError(400, 'VALIDATION_FAILED', 'The End Date must be after the Start Date'))).toBe('endDate');
    expect(errorField(new ApiError(422, 'LIVESTREAM_NOT_ENDED', 'A recording can be added once the livestream has ended'))).toBe('videoUrl');
    expect(errorField(new ApiError(422, 'NOT_READY', 'The Description field is required'))).toBeNull();
    expect(errorField(new Error('offline'))).toBeNull();
  });
});
