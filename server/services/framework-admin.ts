import type { Schemas } from '../contract.ts';
import { badRequest, conflict, notFound, unprocessable } from '../errors.ts';
import type { UserRow } from '../auth/principal.ts';
import type { AdminAudience, AdminFrameworkItem, FrameworkAdminRepository, FrameworkColumns } from '../repositories/framework-admin.ts';
import type { AdminChanges, AdminUnit } from './admin-changes.ts';
import { isWebAddress } from '../../src/lib/validation/catalog-item.ts';
import {
  AUDIENCE_NAME_RULES,
  childLevel,
  COMMUNITY_URL_RULES,
  FRAMEWORK_DESCRIPTION_RULES,
  FRAMEWORK_TITLE_RULES,
  LEVEL_LABELS,
} from '../../src/lib/validation/framework.ts';
import { plural, validate, type Rule } from '../../src/lib/validation/rules.ts';

type ItemInput = Schemas['AdminFrameworkItemInput'];
type ItemPatch = Schemas['AdminFrameworkItemPatch'];

const invalid = (message: string) => badRequest(message, 'VALIDATION_FAILED');

function check(value: unknown, rules: readonly Rule[], label: string) {
  const [error] = validate(value, rules, label);
  if (error) throw invalid(error);
}

const lower = (type: AdminFrameworkItem['type']) => LEVEL_LABELS[type].toLowerCase();
const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${plural(noun, n)}`;
/** Titles are compared as a person reads them: case and surrounding spaces do not make another title. */
const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

/** The title, description and community link sent, checked and trimmed (a blank link is no link). */
function columnsOf(fields: ItemPatch): FrameworkColumns {
  const columns: FrameworkColumns = {};
  if (fields.title !== undefined) {
    check(fields.title.trim(), FRAMEWORK_TITLE_RULES, 'Title');
    columns.title = fields.title.trim();
  }
  if (fields.description !== undefined) {
    check(fields.description.trim(), FRAMEWORK_DESCRIPTION_RULES, 'Description');
    columns.description = fields.description.trim();
  }
  if (fields.communityUrl !== undefined) {
    const url = fields.communityUrl?.trim() || null;
    if (url !== null) {
      check(url, COMMUNITY_URL_RULES, 'Community Link');
      if (!isWebAddress(url)) throw invalid('The Community Link must be a web address (https://…) or a path on this site');
    }
    columns.communityUrl = url;
  }
  return columns;
}

/** Moves `id` to `position` (1-based, clamped) in `ids`. */
function moved(ids: string[], id: string, position: number) {
  const rest = ids.filter((other) => other !== id);
  const at = Math.min(Math.max(position, 1), rest.length + 1) - 1;
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/**
 * The admin site's framework (category › strand › element › strategy) and audiences. Every change
 * runs through `AdminChanges.apply`, so it and its audit entry commit together; educators read
 * the change on their next request.
 */
export function createFrameworkAdmin(repo: FrameworkAdminRepository, changes: AdminChanges) {
  const change = <T>(actor: UserRow, what: 'framework' | 'audiences', work: (tx: FrameworkAdminRepository, record: AdminUnit['record']) => Promise<T>) =>
    changes.apply(actor, async ({ repos, record }) => {
      await repos.frameworkAdmin.lock(what);
      return work(repos.frameworkAdmin, record);
    });
  const itemEntity = (item: { id: string; title: string }) => ({ entityType: 'NASOT_ITEM' as const, entityId: item.id, entityLabel: item.title });
  const audienceEntity = (audience: { id: string; name: string }) => ({ entityType: 'AUDIENCE' as const, entityId: audience.id, entityLabel: audience.name });

  async function item(tx: FrameworkAdminRepository, id: string) {
    const found = await tx.getItem(id);
    if (!found) throw notFound('Framework item not found');
    return found;
  }

  async function audience(tx: FrameworkAdminRepository, id: string) {
    const found = await tx.getAudience(id);
    if (!found) throw notFound('Audience not found');
    return found;
  }

  /** A sibling (other than `self`) already has this title: 409 naming the parent. */
  async function checkTitleFree(tx: FrameworkAdminRepository, parent: AdminFrameworkItem | null, type: AdminFrameworkItem['type'], title: string, self: string | null) {
    const siblings = await tx.children(parent?.id ?? null);
    if (!siblings.some((s) => s.id !== self && sameTitle(s.title, title))) return;
    throw conflict(
      parent
        ? `The ${lower(parent.type)} "${parent.title}" already has a ${lower(type)} called "${title}"`
        : `There is already a category called "${title}"`,
      'TITLE_TAKEN',
    );
  }

  async function checkNameFree(tx: FrameworkAdminRepository, name: string, self: string | null) {
    const all = await tx.listAudiences();
    if (all.some((a) => a.id !== self && sameTitle(a.name, name))) throw conflict(`There is already an audience called "${name}"`, 'NAME_TAKEN');
  }

  function checkAudienceName(name: string) {
    check(name.trim(), AUDIENCE_NAME_RULES, 'Name');
    return name.trim();
  }

  return {
    listItems: () => repo.listItems(),
    listAudiences: () => repo.listAudiences(),

    /** A new item, last under its parent, one level below it. */
    async createItem(actor: UserRow, input: ItemInput): Promise<AdminFrameworkItem> {
      return change(actor, 'framework', async (tx, record) => {
        const parent = input.parentId === null ? null : await tx.getItem(input.parentId);
        if (input.parentId !== null && !parent) throw invalid('The Parent must be an item of the framework');
        const type = childLevel(parent?.type ?? null);
        if (!type) throw unprocessable('A strategy is the framework’s last level: it cannot have items under it', 'NO_CHILDREN');
        const columns = columnsOf({ title: input.title, description: input.description ?? '', communityUrl: input.communityUrl ?? null });
        await checkTitleFree(tx, parent, type, columns.title!, null);
        const siblings = await tx.children(parent?.id ?? null);
        const fields = { parentId: parent?.id ?? null, type, title: columns.title!, description: columns.description ?? '', communityUrl: columns.communityUrl ?? null };
        const id = await tx.insertItem({ ...fields, position: siblings.length + 1 });
        await tx.orderItems([...siblings.map((s) => s.id), id]);
        record({ ...itemEntity({ id, title: fields.title }), action: 'nasotItem.created', before: null, after: { ...fields, position: siblings.length + 1 } });
        return item(tx, id);
      });
    },

    /** The fields sent; a field already as sent is not recorded. */
    async updateItem(actor: UserRow, id: string, patch: ItemPatch): Promise<AdminFrameworkItem> {
      return change(actor, 'framework', async (tx, record) => {
        const current = await item(tx, id);
        const columns = columnsOf(patch);
        if (columns.title !== undefined && columns.title !== current.title) {
          const parent = current.parentId === null ? null : await item(tx, current.parentId);
          await checkTitleFree(tx, parent, current.type, columns.title, id);
        }
        const changed = (Object.keys(columns) as (keyof FrameworkColumns)[]).filter((key) => columns[key] !== current[key]);
        if (!changed.length) return current;
        await tx.updateItem(id, columns);
        record({
          ...itemEntity({ id, title: columns.title ?? current.title }),
          action: 'nasotItem.updated',
          before: Object.fromEntries(changed.map((key) => [key, current[key]])),
          after: Object.fromEntries(changed.map((key) => [key, columns[key]])),
        });
        return item(tx, id);
      });
    },

    /** Among its siblings only: an item keeps its parent (and so its level). */
    async moveItem(actor: UserRow, id: string, position: number): Promise<AdminFrameworkItem> {
      return change(actor, 'framework', async (tx, record) => {
        const current = await item(tx, id);
        const siblings = (await tx.children(current.parentId)).map((s) => s.id);
        const order = moved(siblings, id, position);
        const now = order.indexOf(id) + 1;
        const was = siblings.indexOf(id) + 1;
        await tx.orderItems(order);
        if (now !== was || current.position !== now) {
          record({ ...itemEntity(current), action: 'nasotItem.moved', before: { position: current.position }, after: { position: now } });
        }
        return item(tx, id);
      });
    },

    /** Only what nothing uses: no children, no catalogue item tagged with it, nobody's interest. */
    async deleteItem(actor: UserRow, id: string): Promise<void> {
      await change(actor, 'framework', async (tx, record) => {
        const current = await item(tx, id);
        const usage = await tx.itemUsage(id);
        const what = `This ${lower(current.type)}`;
        if (usage.children > 0) {
          const below = childLevel(current.type)!;
          throw conflict(`${what} has ${count(usage.children, lower(below))} under it; delete ${usage.children === 1 ? 'it' : 'them'} first`, 'NASOT_ITEM_IN_USE');
        }
        if (usage.catalogItems > 0) {
          throw conflict(`${what} is tagged on ${count(usage.catalogItems, 'catalogue item')}; remove it from ${usage.catalogItems === 1 ? 'that item' : 'them'} first`, 'NASOT_ITEM_IN_USE');
        }
        if (usage.learners > 0) {
          throw conflict(`${what} is an interest of ${count(usage.learners, 'educator')}, so it cannot be deleted`, 'NASOT_ITEM_IN_USE');
        }
        await tx.deleteItem(id);
        await tx.orderItems((await tx.children(current.parentId)).map((s) => s.id));
        const { catalogItemCount: _tags, learnerCount: _learners, ...was } = current;
        record({ ...itemEntity(current), action: 'nasotItem.deleted', before: was, after: null });
      });
    },

    async createAudience(actor: UserRow, input: { name: string }): Promise<AdminAudience> {
      return change(actor, 'audiences', async (tx, record) => {
        const name = checkAudienceName(input.name);
        await checkNameFree(tx, name, null);
        const all = await tx.listAudiences();
        const id = await tx.insertAudience(name, all.length + 1);
        await tx.orderAudiences([...all.map((a) => a.id), id]);
        record({ ...audienceEntity({ id, name }), action: 'audience.created', before: null, after: { name, position: all.length + 1 } });
        return audience(tx, id);
      });
    },

    async renameAudience(actor: UserRow, id: string, input: { name: string }): Promise<AdminAudience> {
      return change(actor, 'audiences', async (tx, record) => {
        const current = await audience(tx, id);
        const name = checkAudienceName(input.name);
        if (name === current.name) return current;
        await checkNameFree(tx, name, id);
        await tx.renameAudience(id, name);
        record({ ...audienceEntity({ id, name }), action: 'audience.renamed', before: { name: current.name }, after: { name } });
        return audience(tx, id);
      });
    },

    async moveAudience(actor: UserRow, id: string, position: number): Promise<AdminAudience> {
      return change(actor, 'audiences', async (tx, record) => {
        const current = await audience(tx, id);
        const all = (await tx.listAudiences()).map((a) => a.id);
        const order = moved(all, id, position);
        const now = order.indexOf(id) + 1;
        await tx.orderAudiences(order);
        if (current.position !== now) record({ ...audienceEntity(current), action: 'audience.moved', before: { position: current.position }, after: { position: now } });
        return audience(tx, id);
      });
    },

    /** Only an audience nothing uses: no catalogue item tagged with it, no educator's audience. */
    async deleteAudience(actor: UserRow, id: string): Promise<void> {
      await change(actor, 'audiences', async (tx, record) => {
        const current = await audience(tx, id);
        const usage = await tx.audienceUsage(id);
        if (usage.catalogItems > 0) {
          throw conflict(
            `This audience is tagged on ${count(usage.catalogItems, 'catalogue item')}; remove it from ${usage.catalogItems === 1 ? 'that item' : 'them'} first`,
            'AUDIENCE_IN_USE',
          );
        }
        if (usage.learners > 0) {
          throw conflict(`This audience is the audience of ${count(usage.learners, 'educator')} (their profile), so it cannot be deleted`, 'AUDIENCE_IN_USE');
        }
        await tx.deleteAudience(id);
        await tx.orderAudiences((await tx.listAudiences()).map((a) => a.id));
        record({ ...audienceEntity(current), action: 'audience.deleted', before: { name: current.name, position: current.position }, after: null });
      });
    },
  };
}
