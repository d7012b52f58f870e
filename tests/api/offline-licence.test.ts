import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { clock } from '../../server/clock.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { validateResponse } from '../support/contract.ts';
import { ACCOUNTS } from '../support/world.ts';
import { readZip } from '../support/zip.ts';
import { OFFLINE_LICENCE_DAYS } from '../../server/services/offline.ts';

/**
 * "Save for offline": the video's answer says until when a copy saved on the device may play
 * (the end of the subscription period that gives access, at most 14 days ahead), and the app's
 * offline download of the reproducibles leaves the learner's progress alone. The server runs on
 * a clock of its own (NOW far from today), so an answer read from the real clock fails here.
 */
const NOW = new Date('2025-03-10T12:00:00Z');
const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
let item: { id: string };

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  // A published strategy with a video and reproducibles.
  [item] = (await t.query<{ id: string }>(sql`select ci.id::text as id from catalog_items ci
    where ci.status = 'PUBLISHED' and ci.resource_type = 'LEARNING_OBJECT' and ci.video_id is not null
      and exists (select 1 from reproducible_files r where r.catalog_item_id = ci.id)
    order by ci.public_id limit 1`)) as [{ id: string }];
  expect(item).toBeDefined();
});
afterAll(() => t?.close());

/** A new educator with no subscription, created by their first provider-signed call. */
async function newEducator() {
  const email = `offline-${randomUUID().slice(0, 8)}@example.org`;
  const token = await t.provider.sign({ sub: `auth0|${randomUUID()}`, email, email_verified: true });
  const res = await t.request(token, { method: 'GET', url: '/api/identity/me' });
  expect(res.statusCode, res.body).toBe(200);
  return { token, id: res.json<{ id: string }>().id };
}

const inDays = (days: number) => new Date(clock.ms() + days * DAY_MS);

async function subscribe(owner: { userId?: string; organizationId?: string }, periodEnd: Date, extra: { pastDue?: boolean; startsAt?: Date } = {}) {
  await t.query(sql`insert into subscriptions (user_id, organization_id, current_period_end, past_due, starts_at, amount_cents)
                    values (${owner.userId ?? null}::uuid, ${owner.organizationId ?? null}::uuid, ${periodEnd}, ${extra.pastDue ?? false}, ${extra.startsAt ?? null}, 14900)`);
}

async function newOrganization(type: 'SCHOOL' | 'DISTRICT', parentId: string | null = null) {
  const [org] = await t.query<{ id: string }>(sql`insert into organizations (name, type, parent_id) values (${`Offline ${type} ${randomUUID().slice(0, 8)}`}, ${type}, ${parentId}::uuid) returning id::text as id`);
  return org!.id;
}

const joinOrganization = (userId: string, organizationId: string) => t.query(sql`update users set organization_id = ${organizationId}::uuid where id = ${userId}::uuid`);

/** The video's answer, checked against the contract, and its offlineUntil as an instant. */
async function offlineUntil(token: string) {
  const res = await t.request(token, { method: 'GET', url: `/api/catalog/items/${item.id}/video` });
  expect(res.statusCode, res.body).toBe(200);
  expect(validateResponse('getCatalogItemVideo', 200, res.headers['content-type'] as string, res.json())).toEqual([]);
  return new Date(res.json<{ offlineUntil: string }>().offlineUntil);
}

/** Within a second of the expected instant. */
function expectAbout(actual: Date, expected: Date) {
  expect(Math.abs(actual.getTime() - expected.getTime()), `${actual.toISOString()} vs ${expected.toISOString()}`).toBeLessThan(1000);
}

describe('offlineUntil on the video', () => {
  it('ends with the subscriber’s period when it ends within 14 days', async () => {
    const { token, id } = await newEducator();
    const end = inDays(10);
    await subscribe({ userId: id }, end);
    expectAbout(await offlineUntil(token), end);
  });

  it('is 14 days ahead when the period ends later', async () => {
    const { token, id } = await newEducator();
    await subscribe({ userId: id }, inDays(90));
    expectAbout(await offlineUntil(token), inDays(OFFLINE_LICENCE_DAYS));
  });

  it('is 14 days ahead for free access and a demo account, which no subscription gives', async () => {
    expectAbout(await offlineUntil(await t.login(ACCOUNTS.free)), inDays(OFFLINE_LICENCE_DAYS));
    expectAbout(await offlineUntil(await t.demo(`offline-demo-${randomUUID().slice(0, 8)}@example.org`)), inDays(OFFLINE_LICENCE_DAYS));
  });

  it('counts the school’s subscription and the district’s like the educator’s own', async () => {
    const school = await newOrganization('SCHOOL');
    const atSchool = await newEducator();
    await joinOrganization(atSchool.id, school);
    await subscribe({ organizationId: school }, inDays(8));
    expectAbout(await offlineUntil(atSchool.token), inDays(8));

    const district = await newOrganization('DISTRICT');
    const districtSchool = await newOrganization('SCHOOL', district);
    const inDistrict = await newEducator();
    await joinOrganization(inDistrict.id, districtSchool);
    await subscribe({ organizationId: district }, inDays(12));
    expectAbout(await offlineUntil(inDistrict.token), inDays(12));
  });

  it('takes the latest period among those that give access now, and only those', async () => {
    const district = await newOrganization('DISTRICT');
    const school = await newOrganization('SCHOOL', district);
    const { token, id } = await newEducator();
    await joinOrganization(id, school);
    await subscribe({ userId: id }, inDays(5));
    expectAbout(await offlineUntil(token), inDays(5));
    // Neither a past-due subscription nor one that has not started gives access, so neither extends it.
    await subscribe({ userId: id }, inDays(20), { pastDue: true });
    await subscribe({ organizationId: school }, inDays(25), { startsAt: inDays(2) });
    await subscribe({ organizationId: district }, inDays(-1));
    expectAbout(await offlineUntil(token), inDays(5));
    await subscribe({ organizationId: district }, inDays(12));
    expectAbout(await offlineUntil(token), inDays(12));
  });
});

describe('reproducibles saved for offline use', () => {
  const download = (token: string, query: string) => t.request(token, { method: 'GET', url: `/api/catalog/items/${item.id}/reproducibles?archiveName=files${query}` });
  const downloaded = async (token: string) => {
    const res = await t.request(token, { method: 'GET', url: '/api/progress' });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<{ catalogItemsProgress: { catalogItemId: string; areReproduciblesDownloaded: boolean }[] }>().catalogItemsProgress.find((p) => p.catalogItemId === item.id);
    return row?.areReproduciblesDownloaded;
  };

  it('answers the same archive with purpose=offline and marks the step only without it', async () => {
    const { token, id } = await newEducator();
    await subscribe({ userId: id }, inDays(60));
    // A step done first, so the item has a progress row whose flag can be read.
    expect((await t.request(token, { method: 'POST', url: `/api/catalog/items/${item.id}/ratings`, payload: { value: 4 } })).statusCode).toBe(201);
    expect(await downloaded(token)).toBe(false);

    const offline = await download(token, '&purpose=offline');
    expect(offline.statusCode, offline.body).toBe(200);
    expect(offline.headers['content-type']).toBe('application/zip');
    const offlineFiles = await readZip(offline.rawPayload);
    expect(offlineFiles.size).toBeGreaterThan(0);
    expect(await downloaded(token)).toBe(false);

    const opened = await download(token, '');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.rawPayload.equals(offline.rawPayload)).toBe(true);
    expect(await downloaded(token)).toBe(true);
  });

  it('refuses another purpose with 400 naming it', async () => {
    const { token, id } = await newEducator();
    await subscribe({ userId: id }, inDays(60));
    const res = await download(token, '&purpose=bogus');
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBeTypeOf('string');
    expect(error.message).toContain('purpose');
    expect(await downloaded(token)).toBeUndefined();
  });
});
