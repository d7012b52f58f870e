import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOGIN_FORM } from '@/machines/auth/auth.forms';
import { nameFormInput } from '@/machines/account/account.forms';
import { toApiError } from '@/api/errors';
import { fieldErrors, initialFormContext } from '@/machines/form/form.logic';
import type { FormInput } from '@/machines/form/form.types';
import { inviteFormInput } from '@/machines/usage/usage.types';
import { createTestApp, type TestApp } from '../support/app.ts';
import { loadWorld } from '../support/world.ts';

/**
 * Spec §5's rules, answered alike by the app's forms and by the API: each edge value goes to the
 * form (its machine's own check, with the form's real rules) and to the operation the form
 * submits to. What the form lets through, the API takes (and saves trimmed); what the form
 * refuses, the API refuses naming the field ("body/firstName: …") with the very words the form
 * shows, which are all the app shows a person of it (toApiError): never a schema path.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof loadWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await loadWorld(t);
});
afterAll(() => t?.close());

/** What the form says of `value` in `field`: its first message, or null when it passes. */
function formSays(input: FormInput, field: string, value: string): string | null {
  const context = initialFormContext(input);
  return fieldErrors(context, field, { ...context.values, [field]: value })[0] ?? null;
}

/** What the API says, as the app shows it: null when it took the value, else the message a person reads. */
function apiSays(res: { statusCode: number; json: () => unknown }, field: string, accepted: number): string | null {
  if (res.statusCode === accepted) return null;
  const body = res.json() as { error: { code: string; message: string } };
  expect(res.statusCode, JSON.stringify(body)).toBe(400);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  const shown = toApiError(res.statusCode, body);
  expect(shown.field).toBe(field);
  expect(body.error.message).toBe(`body/${field}: ${shown.message}`);
  expect(shown.message).not.toMatch(/body|querystring|params|headers|\//);
  return shown.message;
}

const EMAILS = [
  'ada@example.org',
  '  Ada.Lovelace+pd@Maple.Example.org ',
  "o'brien@example.co.uk",
  'josé@example.org',
  'a..b@example.org',
  'ada.@example.org',
  '.ada@example.org',
  'x@-bad.org',
  'x@bad-.org',
  'ada@example',
  'ada@@example.org',
  'ada lovelace@example.org',
  'ada@exa_mple.org',
  `${'a'.repeat(242)}@example.org`,
  `${'a'.repeat(243)}@example.org`,
  '',
  '   ',
];

const NAMES = ['Ada', 'Al', 'A', 'A ', ' A', '  ', '', 'Zoë', 'Ng', '李', '李小', '👩🏽‍🏫', '👩🏽‍🏫👩🏽‍🏫', "O'Brien-Smith", 'a'.repeat(50), 'a'.repeat(51), ` ${'a'.repeat(50)}  `, '\tBo\n'];

describe('the e-mail rule (sign-in form; POST /identity/authorize)', () => {
  it.each(EMAILS.map((value) => [JSON.stringify(value).slice(0, 40), value]))('%s', async (_, value) => {
    const form = formSays(LOGIN_FORM, 'email', value);
    const res = await t.request(null, { method: 'POST', url: '/api/identity/authorize', payload: { email: value } });
    expect(apiSays(res, 'email', 200)).toBe(form);
  });
});

describe('the name rules (profile name form; PATCH /profile)', () => {
  it.each(NAMES.map((value) => [JSON.stringify(value).slice(0, 40), value]))('%s', async (_, value) => {
    const form = formSays(nameFormInput({ firstName: 'Ada', lastName: 'Lovelace' }), 'firstName', value);
    const res = await t.request(world.tokens.user, { method: 'PATCH', url: '/api/profile', payload: { firstName: value } });
    expect(apiSays(res, 'firstName', 200)).toBe(form);
    if (form === null) expect(res.json()).toMatchObject({ firstName: value.trim() });
  });
});

describe('the invite form (POST /organizations/{id}/users)', () => {
  let sent = 0;
  const invite = (values: { email?: string; firstName?: string; lastName?: string }) =>
    t.request(world.tokens.districtAdmin, {
      method: 'POST',
      url: `/api/organizations/${world.orgs.ownSchool.id}/users`,
      payload: { email: `rules.${(sent += 1)}@example.org`, firstName: 'Grace', lastName: 'Hopper', ...values },
    });

  it.each(NAMES.map((value) => [JSON.stringify(value).slice(0, 40), value]))('last name %s', async (_, value) => {
    const form = formSays(inviteFormInput(null), 'lastName', value);
    const res = await invite({ lastName: value });
    expect(apiSays(res, 'lastName', 201)).toBe(form);
    if (form === null) {
      // Saved as the form shows it would be: trimmed, never blank (the invitation e-mail greets by it).
      const [saved] = await t.query<{ lastName: string }>(sql`select last_name as "lastName" from users where email = ${`rules.${sent}@example.org`}`);
      expect(saved!.lastName).toBe(value.trim());
    }
  });

  it.each(EMAILS.filter((value) => formSays(inviteFormInput(null), 'email', value) !== null).map((value) => [JSON.stringify(value).slice(0, 40), value]))(
    'refused e-mail %s',
    async (_, value) => {
      expect(apiSays(await invite({ email: value }), 'email', 201)).toBe(formSays(inviteFormInput(null), 'email', value));
    },
  );

  it('a blank first name is refused, not saved as "" (the e-mail would begin "Hello ,")', async () => {
    const res = await invite({ firstName: '  ' });
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'body/firstName: The First Name field is required' } });
    const [row] = await t.query<{ n: number }>(sql`select count(*)::int as n from users where email = ${`rules.${sent}@example.org`}`);
    expect(row!.n).toBe(0);
  });
});
