import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createApiClient } from '@/api/client';
import { presetRange } from '@/lib/date-range';
import type { AppServices } from '@/machines/root/app-services';
import type { RootRefs } from '@/machines/root/root.machine';
import { createLiveActors } from '@/machines/shared/live-actors';
import { formIntents } from '@/machines/form/form.intents';
import { selectFieldErrors } from '@/machines/form/form.selectors';
import { usageScreen } from '@/machines/usage/usage.actors';
import { schoolSearchIntents, usageIntents } from '@/machines/usage/usage.intents';
import {
  selectDialog,
  selectFramework,
  selectInviteForm,
  selectInviteSchoolPicker,
  selectMemberStatus,
  selectReport,
  selectResendingId,
  selectSchool,
  selectSchoolPicker,
  selectUsersTable,
} from '@/machines/usage/usage.selectors';
import { makeUser } from './fixtures';

// The Educator Usage page's actor over the real API client and a fake server: what it asks
// for, when, and how the school, the range, the invite dialog and the export hang together.

const TODAY = new Date(2026, 10, 23);
const MAPLE = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Maple Grove Elementary' };
const DISTRICT = '00000000-0000-4000-8000-0000000000d1';

const report = (organizationId: string) => ({
  organizationId,
  from: '2026-10-25',
  to: '2026-11-23',
  activeUsers: { count: 12 },
  logins: { count: 3, days: [{ date: '2026-11-23', count: 3 }] },
  aggregation: { strategiesWatched: 4, strategiesRated: 3, strategiesApplied: 2, rubricsScored: 1 },
});
const framework = (organizationId: string) => ({ organizationId, from: '2026-10-25', to: '2026-11-23', elements: [] });

function world(options: { invite?: (body: unknown) => Response; framework?: Promise<void>; isDistrictAdmin?: boolean; search?: string } = {}) {
  const requests: { method: string; url: URL; body?: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'POST' ? await request.clone().text() : '';
    const body = text ? JSON.parse(text) : undefined;
    requests.push({ method: request.method, url, body });
    const org = url.searchParams.get('organizationId') ?? DISTRICT;
    if (url.pathname === '/api/reporting') return Response.json(report(org));
    if (url.pathname === '/api/reporting/framework') {
      await options.framework;
      return Response.json(framework(org));
    }
    if (url.pathname === '/api/users') return Response.json({ items: [], total: 0 });
    if (url.pathname === '/api/users/export')
      return new Response('Email\r\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="educators-2026-11-23.csv"' } });
    if (url.pathname.endsWith('/users') && request.method === 'POST') return options.invite?.(body) ?? Response.json({}, { status: 201 });
    if (url.pathname === '/api/organizations') return Response.json({ items: [{ ...MAPLE, type: 'SCHOOL', parentId: DISTRICT }], total: 1 });
    if (url.pathname.endsWith('/invitation') && request.method === 'POST') return Response.json({ ...makeUser('USER'), email: 'ada@example.org' });
    return Response.json({ error: { code: 'NOT_FOUND', message: url.pathname } }, { status: 404 });
  };
  const snackbar = { send: vi.fn() };
  const identity = { getSnapshot: () => ({ context: { user: makeUser('DISTRICT_ADMIN', { organizationId: DISTRICT }) } }) };
  const saved: { fileName: string }[] = [];
  const location = { pathname: '/usage', search: options.search ?? '' };
  const services: AppServices = {
    api: createApiClient({ baseUrl: 'http://app.test/api', getAccessToken: async () => 'token', fetch }),
    actors: { snackbar, identity } as unknown as RootRefs,
    router: {
      navigate: (to) => Object.assign(location, typeof to === 'string' ? { search: to } : to),
      current: () => ({ ...location }),
      subscribe: () => () => undefined,
    },
    browser: { saveFile: (file) => void saved.push(file), openExternal: () => undefined, leaveTo: () => undefined, onPageHide: () => () => undefined, onPageRestore: () => () => undefined, remembered: { get: () => null, set: () => undefined } },
    live: createLiveActors(),
    accessToken: async () => 'token',
  };
  const usage = createActor(usageScreen.logic(services), { input: { search: location.search, isDistrictAdmin: options.isDistrictAdmin ?? true, today: TODAY } }).start();
  return { requests, usage, services, snackbar, saved, location, intents: usageIntents((event) => usage.send(event)) };
}

const wait = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('usage page', () => {
  it('loads the report and the heatmap for the last 30 days of the admin’s own organization, and the first page of users', async () => {
    const { requests, usage } = world();
    await wait();
    const range = presetRange('30', TODAY);
    const report = requests.find((r) => r.url.pathname === '/api/reporting')!;
    expect(Object.fromEntries(report.url.searchParams)).toMatchObject({ from: range.from, to: range.to });
    expect(report.url.searchParams.has('organizationId')).toBe(false);
    expect(requests.some((r) => r.url.pathname === '/api/reporting/framework')).toBe(true);
    const users = requests.find((r) => r.url.pathname === '/api/users')!;
    // The table titled Active Users lists the active educators, as the Active Educators card counts them.
    expect(Object.fromEntries(users.url.searchParams)).toEqual({ page: '1', itemsPerPage: '10', status: 'ACTIVE' });
    expect(selectMemberStatus(usage.getSnapshot())).toBe('ACTIVE');
    expect(selectReport(usage.getSnapshot())?.activeUsers.count).toBe(12);
  });

  it('the tabs choose who the table lists (back to page 1), for the picked school, and the export follows', async () => {
    const { requests, usage, intents } = world();
    await wait();
    usage.send({ type: 'usage.pickSchool', school: MAPLE });
    await wait();
    selectUsersTable(usage.getSnapshot()).send({ type: 'table.setPage', page: 2 });
    await wait();
    requests.length = 0;
    intents.setMemberStatus('NOT_ACTIVE');
    await wait();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/users']);
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toMatchObject({ page: '1', status: 'NOT_ACTIVE', organizationId: MAPLE.id });
    intents.exportCsv();
    await wait();
    expect(requests.find((r) => r.url.pathname === '/api/users/export')!.url.searchParams.get('status')).toBe('NOT_ACTIVE');
    // All: no status asked for, so the server lists everyone.
    requests.length = 0;
    intents.setMemberStatus('ALL');
    await wait();
    expect(requests.find((r) => r.url.pathname === '/api/users')!.url.searchParams.has('status')).toBe(false);
    // A school picked later keeps the tab.
    usage.send({ type: 'usage.pickSchool', school: null });
    await wait();
    expect(selectMemberStatus(usage.getSnapshot())).toBe('ALL');
  });

  it('the tab is in the address bar beside the range: a reload or a shared link opens the same one', async () => {
    const { requests, usage, intents, location } = world({ search: '?range=90&status=NOT_ACTIVE' });
    await wait();
    expect(selectMemberStatus(usage.getSnapshot())).toBe('NOT_ACTIVE');
    expect(requests.find((r) => r.url.pathname === '/api/users')!.url.searchParams.get('status')).toBe('NOT_ACTIVE');
    intents.setMemberStatus('ALL');
    await wait();
    expect(new URLSearchParams(location.search).get('status')).toBe('ALL');
    expect(new URLSearchParams(location.search).get('range')).toBe('90');
    // The default tab leaves no trace; a value the page does not know is the default.
    intents.setMemberStatus('ACTIVE');
    await wait();
    expect(new URLSearchParams(location.search).has('status')).toBe(false);
    const unknown = world({ search: '?status=EVERYONE' });
    expect(selectMemberStatus(unknown.usage.getSnapshot())).toBe('ACTIVE');
  });

  it('the cards do not wait for the heatmap, the heavier of the two', async () => {
    let release = () => undefined as void;
    const { usage } = world({ framework: new Promise<void>((resolve) => (release = resolve)) });
    await wait();
    expect(selectReport(usage.getSnapshot())?.activeUsers.count).toBe(12);
    expect(selectFramework(usage.getSnapshot())).toBeNull();
    release();
    await wait();
    expect(selectFramework(usage.getSnapshot())?.elements).toEqual([]);
  });

  it('a picked school drives the cards, the heatmap and the table (back to page 1)', async () => {
    const { requests, usage } = world();
    await wait();
    selectUsersTable(usage.getSnapshot()).send({ type: 'table.setPage', page: 2 });
    await wait();
    requests.length = 0;
    usage.send({ type: 'usage.pickSchool', school: MAPLE });
    await wait();
    expect(requests.map((r) => r.url.pathname).sort()).toEqual(['/api/reporting', '/api/reporting/framework', '/api/users']);
    for (const r of requests) expect(r.url.searchParams.get('organizationId')).toBe(MAPLE.id);
    expect(requests.find((r) => r.url.pathname === '/api/users')!.url.searchParams.get('page')).toBe('1');
    expect(selectReport(usage.getSnapshot())?.organizationId).toBe(MAPLE.id);
    // The same school again loads nothing.
    requests.length = 0;
    usage.send({ type: 'usage.pickSchool', school: MAPLE });
    await wait();
    expect(requests).toEqual([]);
  });

  it('a new range reloads the figures (not the table) and is kept in the address bar', async () => {
    const { requests, location, intents } = world();
    await wait();
    requests.length = 0;
    intents.setRange(presetRange('90', TODAY));
    await wait();
    expect(location.search).toBe('?range=90');
    expect(requests.map((r) => r.url.pathname).sort()).toEqual(['/api/reporting', '/api/reporting/framework']);
    expect(requests[0]!.url.searchParams.get('from')).toBe(presetRange('90', TODAY).from);
  });

  it('exports what the table shows: its search and sort, the picked school, every page', async () => {
    const { requests, usage, saved, intents } = world();
    await wait();
    usage.send({ type: 'usage.pickSchool', school: MAPLE });
    const table = selectUsersTable(usage.getSnapshot());
    table.send({ type: 'table.sort', key: 'lastName' });
    table.send({ type: 'table.sort', key: 'lastName' });
    table.send({ type: 'table.filter', text: 'ada ' });
    await new Promise((resolve) => setTimeout(resolve, 350));
    intents.exportCsv();
    await wait();
    const exported = requests.find((r) => r.url.pathname === '/api/users/export')!;
    expect(Object.fromEntries(exported.url.searchParams)).toMatchObject({ organizationId: MAPLE.id, filter: 'ada', sortBy: 'lastName', sortAsc: 'false' });
    expect(exported.url.searchParams.has('page')).toBe(false);
    expect(saved.map((f) => f.fileName)).toEqual(['educators-2026-11-23.csv']);
  });

  it('an invitation closes the dialog, says so, and reloads the table', async () => {
    const { requests, usage, snackbar, intents } = world({
      invite: (body) => Response.json({ ...makeUser('USER'), ...(body as object) }, { status: 201 }),
    });
    await wait();
    usage.send({ type: 'usage.pickSchool', school: MAPLE });
    await wait();
    intents.openInvite();
    expect(selectDialog(usage.getSnapshot())).toBe('invite');
    // The page owns the dialog's form: it starts at the page's school.
    const form = selectInviteForm(usage.getSnapshot())!;
    const { change, submit } = formIntents((event) => form.send(event));
    change('email', ' grace@example.org ');
    change('firstName', 'Grace');
    change('lastName', 'Hopper');
    requests.length = 0;
    submit();
    await wait();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/organizations/${MAPLE.id}/users`);
    expect(post.body).toEqual({ email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' });
    expect(selectDialog(usage.getSnapshot())).toBe('closed');
    expect(selectInviteForm(usage.getSnapshot())).toBeUndefined();
    // The invited educator is not active yet: the table turns to those, where they are listed.
    const reloads = requests.filter((r) => r.url.pathname === '/api/users');
    expect(reloads).toHaveLength(1);
    expect(reloads[0]!.url.searchParams.get('status')).toBe('NOT_ACTIVE');
    expect(selectMemberStatus(usage.getSnapshot())).toBe('NOT_ACTIVE');
    expect(snackbar.send).toHaveBeenCalledWith(expect.objectContaining({ message: 'Invitation sent to grace@example.org', variant: 'success' }));
  });

  it('without a picked school the invitation goes to the admin’s own organization (spec §6)', async () => {
    const { requests, usage, intents } = world();
    await wait();
    intents.openInvite();
    const form = selectInviteForm(usage.getSnapshot())!;
    const { change, submit } = formIntents((event) => form.send(event));
    change('email', 'grace@example.org');
    change('firstName', 'Grace');
    change('lastName', 'Hopper');
    submit();
    await wait();
    expect(requests.find((r) => r.method === 'POST')!.url.pathname).toBe(`/api/organizations/${DISTRICT}/users`);
  });
});

describe('what the usage page owns', () => {
  it('a district admin’s school picker is the page’s child, and a pick drives the page', async () => {
    const { usage, requests } = world();
    await wait();
    const picker = selectSchoolPicker(usage.getSnapshot())!;
    expect(requests.some((r) => r.url.pathname === '/api/organizations' && r.url.searchParams.get('type') === 'SCHOOL')).toBe(true);
    schoolSearchIntents((event) => picker.send(event)).pick(MAPLE);
    expect(selectSchool(usage.getSnapshot())).toEqual(MAPLE);
  });

  it('a school admin has no picker, on the page or in the invite dialog, and searches no schools', async () => {
    const { usage, requests, intents } = world({ isDistrictAdmin: false });
    intents.openInvite();
    await wait();
    expect(selectSchoolPicker(usage.getSnapshot())).toBeUndefined();
    expect(selectInviteSchoolPicker(usage.getSnapshot())).toBeUndefined();
    expect(requests.some((r) => r.url.pathname === '/api/organizations')).toBe(false);
  });

  it('the invite dialog’s picker changes where the invitation goes, not the page’s school', async () => {
    const { usage, requests, intents } = world();
    await wait();
    intents.openInvite();
    const picker = selectInviteSchoolPicker(usage.getSnapshot())!;
    schoolSearchIntents((event) => picker.send(event)).pick(MAPLE);
    const { change, submit } = formIntents((event) => selectInviteForm(usage.getSnapshot())!.send(event));
    change('email', 'grace@example.org');
    change('firstName', 'Grace');
    change('lastName', 'Hopper');
    submit();
    await wait();
    expect(requests.find((r) => r.method === 'POST')!.url.pathname).toBe(`/api/organizations/${MAPLE.id}/users`);
    expect(selectSchool(usage.getSnapshot())).toBeNull();
    // Closing the dialog stops its children.
    expect(selectInviteSchoolPicker(usage.getSnapshot())).toBeUndefined();
  });

  it('"Send again" sends one invitation at a time, says so and reloads the table', async () => {
    const { usage, requests, intents, snackbar } = world();
    await wait();
    const member = { ...makeUser('USER'), id: '00000000-0000-4000-8000-0000000000e1', organizationId: MAPLE.id, email: 'ada@example.org' } as never;
    requests.length = 0;
    intents.resend(member);
    expect(selectResendingId(usage.getSnapshot())).toBe('00000000-0000-4000-8000-0000000000e1');
    intents.resend(member);
    await wait();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      `/api/organizations/${MAPLE.id}/users/00000000-0000-4000-8000-0000000000e1/invitation`,
    ]);
    expect(requests.filter((r) => r.url.pathname === '/api/users')).toHaveLength(1);
    expect(selectResendingId(usage.getSnapshot())).toBeNull();
    expect(snackbar.send).toHaveBeenCalledWith(expect.objectContaining({ message: 'Invitation sent again to ada@example.org', variant: 'success' }));
  });
});

describe('invite form (spec §5)', () => {
  function form(invite?: (body: unknown) => Response) {
    const { usage, snackbar, requests, intents } = world({ invite });
    usage.send({ type: 'usage.pickSchool', school: MAPLE });
    intents.openInvite();
    const actor = selectInviteForm(usage.getSnapshot())!;
    return { actor, snackbar, requests, ...formIntents((event) => actor.send(event)) };
  }
  const errorsOf = (actor: ReturnType<typeof form>['actor']) =>
    Object.fromEntries(['email', 'firstName', 'lastName'].map((f) => [f, selectFieldErrors(f)(actor.getSnapshot())?.[0] ?? null]));

  it.each([
    [{ email: '', firstName: '', lastName: '' }, { email: 'The Email field is required', firstName: 'The First Name field is required', lastName: 'The Last Name field is required' }],
    [{ email: 'grace@', firstName: 'G', lastName: 'H' }, { email: 'The Email must be a valid email address', firstName: 'The First Name must have at least 2 characters', lastName: 'The Last Name must have at least 2 characters' }],
    [{ email: 'grace@example', firstName: 'G'.repeat(51), lastName: 'H'.repeat(51) }, { email: 'The Email must be a valid email address', firstName: 'The First Name must not exceed 50 characters', lastName: 'The Last Name must not exceed 50 characters' }],
    [{ email: 'grace@example.org', firstName: 'Gr', lastName: 'H'.repeat(50) }, { email: null, firstName: null, lastName: null }],
  ])('%j → %j', async (values, expected) => {
    const { actor, change, submit, requests } = form();
    await wait();
    Object.entries(values).forEach(([field, value]) => change(field, value));
    requests.length = 0;
    submit();
    expect(errorsOf(actor)).toEqual(expected);
    await wait();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(expected.email === null ? 1 : 0);
  });

  it('an e-mail that already has an account (409) is an error notification with the server’s message, every value kept (spec §8)', async () => {
    const { actor, change, submit, snackbar } = form(() =>
      Response.json({ error: { code: 'ACCOUNT_EXISTS', message: 'This e-mail already has an account; the educator can contact support to join your organization' } }, { status: 409 }),
    );
    await wait();
    change('email', 'educator01@northwind.example.org');
    change('firstName', 'Ada');
    change('lastName', 'Lovelace');
    submit();
    await wait();
    expect(snackbar.send).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'This e-mail already has an account; the educator can contact support to join your organization', variant: 'error' }),
    );
    expect(errorsOf(actor).email).toBeNull();
    expect(actor.getSnapshot().context.values).toMatchObject({ email: 'educator01@northwind.example.org', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('a rule the server checked (400 naming a field) is a notification too: the invite form shows no server text under a field', async () => {
    const { actor, change, submit, snackbar } = form(() =>
      Response.json({ error: { code: 'BAD_REQUEST', message: 'The First Name must have at least 2 characters', field: 'firstName' } }, { status: 400 }),
    );
    await wait();
    change('email', 'grace@example.org');
    change('firstName', 'Grace');
    change('lastName', 'Hopper');
    submit();
    await wait();
    expect(snackbar.send).toHaveBeenCalledWith(expect.objectContaining({ message: 'The First Name must have at least 2 characters', variant: 'error' }));
    expect(errorsOf(actor).firstName).toBeNull();
  });

  it('any other failure is an error notification with the extracted message (spec §8)', async () => {
    const { change, submit, snackbar } = form(() => Response.json({ error: { code: 'FORBIDDEN_ORGANIZATION', message: 'That school is not in your district' } }, { status: 403 }));
    await wait();
    change('email', 'grace@example.org');
    change('firstName', 'Grace');
    change('lastName', 'Hopper');
    submit();
    await wait();
    expect(snackbar.send).toHaveBeenCalledWith(expect.objectContaining({ message: 'That school is not in your district', variant: 'error' }));
  });
});
