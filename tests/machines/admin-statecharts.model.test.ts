import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { ADMIN_MACHINES } from '@/machines/admin/admin.registry';
import { draftErrors, isDirty } from '@/machines/admin/admin-catalog-item.logic';
import type { AdminCatalogItem, AdminCatalogItemSummary } from '@/machines/admin/admin-catalog-item.types';
import { savedMessage, subscriptionOf } from '@/machines/admin/admin-organization.machine';
import type { AdminOrganization, OrganizationView } from '@/machines/admin/admin-organization.types';
import { UNREADABLE_VIDEO } from '@/machines/admin/upload.machine';
import { item, summary } from './admin-catalog-item.fixtures';
import { expectFullCoverage, plainContext, walkRegistryMachine, type RegistryDriver, type RegistryWalk } from '../support/model';

// The admin site's statecharts walked from the machines themselves, as tests/machines/
// statecharts.model.test.ts walks the app's (its header says how). Each walk checks what the
// admin is told and what is sent, from the driver's own record of the path.

type Event = AnyEventObject;
type Walk = RegistryWalk & { name: string };

function walk(spec: Walk) {
  const entry = ADMIN_MACHINES.find((e) => e.name === spec.name);
  if (!entry) throw new Error(`no statechart ${spec.name}`);
  return walkRegistryMachine(entry.machine, spec);
}

const failure = new Error('The server refused it');
const notices = (driver: RegistryDriver<Event>) => driver.effects.filter(([name]) => name === 'notifySaved').map(([, params]) => params);

// ── a catalogue item ────────────────────────────────────────────────────────────────────────

const entry = (id: string): AdminCatalogItemSummary => summary({ id, publicId: id, title: `Strategy ${id}` });
const playlist = (status: AdminCatalogItem['status']): AdminCatalogItem =>
  item({
    ...summary({ id: 'playlist-1', publicId: 'first-weeks', resourceType: 'PLAYLIST', status, title: 'First weeks' }),
    description: 'The routines of the first weeks.',
    entries: [
      { position: 1, item: entry('e1') },
      { position: 2, item: entry('e2') },
    ],
  });

// ── an organization ─────────────────────────────────────────────────────────────────────────

const school = (subscriptionState: 'ACTIVE' | 'LAPSED'): AdminOrganization => ({
  id: 'o1',
  name: 'Willow Creek Elementary',
  type: 'SCHOOL',
  parentId: null,
  parentName: null,
  memberCount: 3,
  schoolCount: 0,
  // Dates of its own, so the page's draft never reads today's date.
  subscription: { state: subscriptionState, seats: 30, seatsUsed: 3, startsOn: '2026-08-01', endsOn: '2027-07-31', amount: 1200 } as AdminOrganization['subscription'],
  createdAt: '2026-11-20T10:00:00.000Z',
});
const orgView = (subscriptionState: 'ACTIVE' | 'LAPSED'): OrganizationView => ({ organization: school(subscriptionState), members: [], membersTotal: 0, districts: [{ id: 'd1', name: 'Northwind' }], sso: null });

const WALKS: Walk[] = [
  {
    name: 'admin-catalog-item',
    inputs: [{ type: 'PLAYLIST' }, { id: 'playlist-1' }],
    events: [
      { type: 'catalogItem.change', patch: { title: 'First weeks', description: 'The routines of the first weeks.' } },
      { type: 'catalogItem.change', patch: { title: '' } },
      { type: 'catalogItem.save' },
      { type: 'catalogItem.setStatus', status: 'PUBLISHED' },
      { type: 'catalogItem.moveEntry', from: 0, to: 1 },
      { type: 'catalogItem.moveEntry', from: 0, to: 0 },
      { type: 'catalogItem.addEntry', entry: entry('e3') },
      { type: 'catalogItem.addEntry', entry: entry('e1') },
      { type: 'catalogItem.removeEntry', itemId: 'e1' },
      { type: 'catalogItem.dismissAlert' },
      { type: 'catalogItem.retry' },
      { type: 'model.done.loadItem', output: playlist('DRAFT') },
      { type: 'model.error.loadItem', error: failure },
      { type: 'model.done.createItem', output: playlist('DRAFT') },
      { type: 'model.error.createItem', error: failure },
      { type: 'model.done.updateItem', output: playlist('DRAFT') },
      { type: 'model.error.updateItem', error: failure },
      { type: 'model.done.changeStatus', output: playlist('PUBLISHED') },
      { type: 'model.error.changeStatus', error: failure },
      { type: 'model.done.reorderEntries', output: playlist('DRAFT') },
      { type: 'model.error.reorderEntries', error: failure },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.id !== null,
        isDirty(s.context.type, s.context.saved, s.context.draft),
        Object.keys(draftErrors(s.context.type, s.context.draft)).length === 0,
        s.context.pendingStatus,
        s.context.item?.status ?? null,
        s.context.entries.map((e: AdminCatalogItemSummary) => e.id).join(),
        s.context.alert !== null,
      ]),
    // Nothing invalid is ever sent; a new item is reported created once the server made it.
    check: (driver, real, path) => {
      for (const [src, input] of driver.calls) {
        if (src === 'createItem') expect((input as { body: { title: string } }).body.title.trim()).not.toBe('');
      }
      if (real.value && typeof real.value === 'object' && 'ready' in real.value && (real.value.ready === 'creating' || real.value.ready === 'updating')) {
        expect(draftErrors(real.context.type, real.context.sending)).toEqual({});
      }
      expect(driver.effects.filter(([name]) => name === 'created')).toHaveLength(path.filter((e) => e.type === 'model.done.createItem').length);
    },
  },
  {
    name: 'admin-organization',
    inputs: [{ id: 'o1' }],
    events: [
      { type: 'adminOrganization.edit', field: 'name', value: '' },
      { type: 'adminOrganization.edit', field: 'name', value: 'Willow Creek Primary' },
      { type: 'adminOrganization.edit', field: 'parentId', value: 'd1' },
      { type: 'adminOrganization.edit', field: 'seats', value: '0' },
      { type: 'adminOrganization.edit', field: 'email', value: 'new.teacher@example.org' },
      { type: 'adminOrganization.rename' },
      { type: 'adminOrganization.move' },
      { type: 'adminOrganization.saveSubscription' },
      { type: 'adminOrganization.lapse' },
      { type: 'adminOrganization.addMember' },
      { type: 'adminOrganization.removeMember', userId: 'u1', email: 'old.teacher@example.org' },
      { type: 'adminOrganization.confirm' },
      { type: 'adminOrganization.cancel' },
      { type: 'adminOrganization.retry' },
      { type: 'model.done.loadOrganization', output: orgView('ACTIVE') },
      { type: 'model.done.loadOrganization', output: orgView('LAPSED') },
      { type: 'model.error.loadOrganization', error: failure },
      { type: 'model.done.saveChange', output: orgView('ACTIVE') },
      { type: 'model.error.saveChange', error: failure },
    ],
    serializeState: (s) => {
      const { draft, view, pending, refusal } = s.context;
      return JSON.stringify([
        s.value,
        draft.name.trim() === '',
        view !== null && draft.name.trim() !== view.organization.name,
        (draft.parentId || null) !== (view?.organization.parentId ?? null),
        typeof subscriptionOf(draft) === 'string',
        view?.organization.subscription?.state ?? null,
        draft.email.trim() === '',
        pending?.kind ?? null,
        refusal?.section ?? null,
      ]);
    },
    // Every change the server took is told in the page's words; the lapse and a removal go out only after a confirmation.
    check: (driver, _real, path) => {
      const saved = path.filter((e) => e.type === 'model.done.saveChange').length;
      expect(notices(driver)).toHaveLength(saved);
      const changes = driver.calls.filter(([src]) => src === 'saveChange').map(([, input]) => (input as { change: { kind: string } }).change);
      for (const [i, change] of changes.entries()) {
        if (change.kind === 'lapse' || change.kind === 'removeMember') expect(path.filter((e) => e.type === 'adminOrganization.confirm').length).toBeGreaterThan(0);
        if (i < saved) expect(notices(driver)[i]).toEqual({ message: savedMessage(change as never, orgView('ACTIVE')) });
      }
    },
  },
  {
    name: 'admin-framework',
    inputs: [{ fields: { title: {} } }],
    events: [
      { type: 'adminList.toggle', id: 'a' },
      { type: 'adminList.create', parentId: null },
      { type: 'adminList.edit', id: 'a' },
      { type: 'adminList.edit', id: 'missing' },
      { type: 'adminList.saved', item: { id: 'c', parentId: 'a', position: 1, title: 'New' } },
      { type: 'adminList.move', id: 'a', direction: 'down' },
      { type: 'adminList.move', id: 'a', direction: 'up' },
      { type: 'adminList.delete', id: 'a' },
      { type: 'adminList.confirm' },
      { type: 'adminList.cancel' },
      { type: 'adminList.retry' },
      {
        type: 'model.done.loadItems',
        output: [
          { id: 'a', parentId: null, position: 1, title: 'Feedback' },
          { id: 'b', parentId: null, position: 2, title: 'Content' },
        ],
      },
      { type: 'model.error.loadItems', error: failure },
      { type: 'model.done.moveItem', output: { id: 'a', parentId: null, position: 2 } },
      { type: 'model.error.moveItem', error: failure },
      { type: 'model.done.deleteItem', output: undefined },
      { type: 'model.error.deleteItem', error: failure },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.items.length, s.context.expanded.length > 0, s.context.editor?.mode ?? null, s.context.deleteError !== null, s.context.moved !== null]),
    // A move is sent as the position it goes to among its siblings; every change the server took is told once.
    check: (driver, _real, path) => {
      for (const [src, input] of driver.calls) if (src === 'moveItem') expect(input).toEqual({ id: 'a', position: 2 });
      const told = path.filter((e) => e.type === 'adminList.saved' || e.type === 'model.done.deleteItem').length;
      expect(driver.effects.filter(([name]) => name === 'notifySaved')).toHaveLength(told);
    },
  },
  {
    name: 'admin-upload',
    inputs: [{ kind: 'video' }, { kind: 'captions' }],
    events: [
      { type: 'upload.choose', file: Object.assign(new Blob(['x']), { name: 'clip.webm' }) },
      { type: 'upload.cancel' },
      { type: 'upload.retry' },
      { type: 'upload.dismiss' },
      { type: 'upload.remove' },
      { type: 'upload.progress', progress: { loaded: 1, total: 1 } },
      { type: 'upload.stored', upload: { url: '/media/clip.webm', previewUrl: 'blob:clip', fileName: 'clip.webm', size: 1 } },
      { type: 'upload.failed', error: failure },
      { type: 'model.done.readDuration', output: 12 },
      { type: 'model.error.readDuration', error: failure },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.kind, s.context.file !== null, s.context.error, s.context.preview !== null]),
    // A video's length is read before it is sent; one that cannot be read says so and nothing is sent.
    check: (driver, real, path) => {
      if (real.value === 'uploading' && real.context.kind === 'video') expect(real.context.durationSeconds).toBe(12);
      if (real.value === 'failed' && path.at(-1)?.type === 'model.error.readDuration') expect(real.context.error).toBe(UNREADABLE_VIDEO);
      if (real.context.kind !== 'video') expect(driver.calls.filter(([src]) => src === 'readDuration')).toEqual([]);
    },
  },
  {
    name: 'admin-item-search',
    inputs: [undefined],
    events: [
      { type: 'itemSearch.type', text: 'pair' },
      { type: 'itemSearch.clear' },
      { type: 'model.after.debounce' },
      { type: 'model.done.search', output: [entry('e1')] },
      { type: 'model.error.search', error: failure },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.text, s.context.items.length]),
    // A search asks for what was typed, 300 ms after the last key (the driver runs the clock to 299 first).
    check: (driver, real) => {
      for (const [, input] of driver.calls) expect(['', 'pair']).toContain((input as { words: string }).words);
      if (real.value === 'searching') expect(driver.calls.at(-1)).toEqual(['search', { words: real.context.text }]);
    },
  },
];

describe('admin statecharts, model-based', () => {
  for (const spec of WALKS) {
    it(`${spec.name}: walks every state and transition of the statechart on the real machine`, async (context) => {
      expectFullCoverage(context, await walk(spec));
    });
  }

  it('walks the audiences on the same chart as the framework', () => {
    const machine = (name: string) => ADMIN_MACHINES.find((e) => e.name === name)?.machine;
    expect(machine('admin-audiences')).toBe(machine('admin-framework'));
    expect(plainContext({ a: 1, f: () => 1 })).toEqual({ a: 1 });
  });
});
