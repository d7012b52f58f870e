import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createApiClient } from '@/api/client';
import type { AppServices } from '@/machines/root/app-services';
import type { RootRefs } from '@/machines/root/root.machine';
import { createLiveActors } from '@/machines/shared/live-actors';
import { formIntents } from '@/machines/form/form.intents';
import { selectFieldErrors } from '@/machines/form/form.selectors';
import { rosterScreen } from '@/machines/roster/roster.actors';
import { rosterIntents, rosterSourceIntents } from '@/machines/roster/roster.intents';
import {
  selectAccountKind,
  selectAccountsTable,
  selectApplied,
  selectDryRun,
  selectInvalidTable,
  selectRosterProblem,
  selectRosterSource,
  selectRosterStep,
  selectSource,
  selectSourceForm,
  selectSourceProblem,
  selectSourceStep,
} from '@/machines/roster/roster.selectors';
import { changeSummary, type RosterCounts, type RosterFile, type RosterImport } from '@/machines/roster/roster.types';
import { selectRows } from '@/machines/table/table.selectors';

// The roster screen's actor over the real API client and a fake server: the zip sent as it is,
// the dry run reviewed (accounts of one kind and invalid rows paged on the server), applying after
// a confirmation, the server's refusals where they belong, and the REST endpoint (its form, a pull
// whose dry run opens in the same review, a failed pull, removal).

const DISTRICT = '00000000-0000-4000-8000-0000000000d1';
const IMPORT = '00000000-0000-4000-8000-0000000000f1';
const PULLED = '00000000-0000-4000-8000-0000000000f2';

const COUNTS: RosterCounts = {
  schoolsToCreate: 1, schoolsToRename: 0, schoolsToLink: 0, schoolsNotInRoster: 0,
  accountsToAdd: 0, accountsToChange: 0, accountsToMove: 2, accountsToDeactivate: 1, accountsToReactivate: 0,
  unchanged: 3, invalidRows: 1, skippedRows: 0,
};
const dryRun = (id: string, status: RosterImport['status'] = 'PENDING', source: RosterImport['source'] = 'UPLOAD'): RosterImport => ({
  id,
  organizationId: DISTRICT,
  source,
  fileName: source === 'UPLOAD' ? 'northwind.zip' : null,
  digest: 'd',
  status,
  createdAt: '2026-09-01T08:00:00.000Z',
  createdBy: null,
  appliedAt: status === 'APPLIED' ? '2026-09-01T08:01:00.000Z' : null,
  appliedBy: null,
  version: '1.2',
  modes: { orgs: 'bulk', users: 'bulk' },
  counts: COUNTS,
  ignored: { students: 0, guardians: 0, otherRoles: 0, otherOrgs: 0, classes: 0, enrollments: 0 },
  seats: [],
  schools: { total: 1, items: [{ kind: 'CREATE', sourcedId: 's-1', name: 'Alder Creek', previousName: null, organizationId: null, line: 3 }] },
  accounts: { total: 0, items: [] },
  invalid: { total: 1, items: [{ file: 'users.csv', line: 7, sourcedId: 't-9', reason: 'A teacher needs an e-mail address' }] },
  skipped: { total: 0, items: [] },
});
const move = { kind: 'MOVE', sourcedId: 't-1', userId: '00000000-0000-4000-8000-0000000000e1', line: 2, email: 'ada@example.org', firstName: 'Ada', lastName: 'L', role: 'USER', organizationId: null, organizationName: 'Alder Creek', linked: false, before: { organizationName: 'Maple' } };
const SOURCE = { organizationId: DISTRICT, baseUrl: 'https://sis.example.org/v1p2', tokenUrl: 'https://sis.example.org/token', clientId: 'nw', autoApply: false, lastRunAt: null, lastResult: null };

type Reply = (request: Request, url: URL) => Response | undefined;

function world(reply: Reply = () => undefined) {
  const requests: { method: string; url: URL; type: string | null; body: unknown }[] = [];
  let source: typeof SOURCE | null = null;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const type = request.headers.get('content-type');
    const body = request.method === 'GET' ? undefined : type === 'application/json' ? await request.clone().json() : await request.clone().text();
    requests.push({ method: request.method, url, type, body });
    const answered = reply(request, url);
    if (answered) return answered;
    const base = `/api/organizations/${DISTRICT}`;
    if (url.pathname === `${base}/roster-imports` && request.method === 'GET') return Response.json({ items: [], total: 0 });
    if (url.pathname === `${base}/roster-imports` && request.method === 'POST') return Response.json(dryRun(IMPORT), { status: 201 });
    if (url.pathname === `${base}/roster-imports/${IMPORT}`) {
      const kind = url.searchParams.get('accountKind');
      return Response.json({ ...dryRun(IMPORT), accounts: kind === 'MOVE' ? { total: 2, items: [move, { ...move, userId: null, sourcedId: 't-2' }] } : { total: 1, items: [] } });
    }
    if (url.pathname === `${base}/roster-imports/${IMPORT}/apply`) return Response.json(dryRun(IMPORT, 'APPLIED'));
    if (url.pathname === `${base}/roster-source` && request.method === 'GET') {
      return source ? Response.json(source) : Response.json({ error: { code: 'NO_ROSTER_SOURCE', message: 'No roster endpoint is set for this district' } }, { status: 404 });
    }
    if (url.pathname === `${base}/roster-source` && request.method === 'PUT') {
      source = { ...SOURCE, ...(body as object) };
      delete (source as Record<string, unknown>).clientSecret;
      return Response.json(source);
    }
    if (url.pathname === `${base}/roster-source` && request.method === 'DELETE') {
      source = null;
      return new Response(null, { status: 204 });
    }
    if (url.pathname === `${base}/roster-source/pull`) return Response.json(dryRun(PULLED, 'PENDING', 'PULL'), { status: 201 });
    return Response.json({ error: { code: 'NOT_FOUND', message: url.pathname } }, { status: 404 });
  };
  const snackbar = { send: vi.fn() };
  const location = { pathname: '/usage/roster', search: '' };
  const services: AppServices = {
    api: createApiClient({ baseUrl: 'http://app.test/api', getAccessToken: async () => 'token', fetch }),
    actors: { snackbar } as unknown as RootRefs,
    router: { navigate: () => undefined, current: () => ({ ...location }), subscribe: () => () => undefined },
    browser: { saveFile: () => undefined, openExternal: () => undefined, leaveTo: () => undefined, onPageHide: () => () => undefined, onPageRestore: () => () => undefined, remembered: { get: () => null, set: () => undefined } },
    live: createLiveActors(),
    accessToken: async () => 'token',
  };
  const roster = createActor(rosterScreen.logic(services), { input: { organizationId: DISTRICT } }).start();
  const messages = () => snackbar.send.mock.calls.map(([event]) => event as { message: string; variant: string });
  return { requests, roster, snackbar, messages, intents: rosterIntents((event) => roster.send(event)) };
}

const wait = () => new Promise((resolve) => setTimeout(resolve, 20));
const zip = (bytes = 10, name = 'northwind.zip') => Object.assign(new Blob(['x'.repeat(bytes)]), { name }) as RosterFile;

describe('roster screen', () => {
  it('sends the zip as it is for a dry run, then opens the review on the first kind of change, its tables paged on the server', async () => {
    const { requests, roster, intents } = world();
    await wait();
    intents.choose(zip());
    expect(selectRosterStep(roster.getSnapshot())).toBe('checking');
    await wait();
    const upload = requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/roster-imports'))!;
    expect(upload.type).toBe('application/zip');
    expect(upload.url.searchParams.get('fileName')).toBe('northwind.zip');
    expect(upload.body).toBe('x'.repeat(10));
    const s = roster.getSnapshot();
    expect(selectRosterStep(s)).toBe('review');
    expect(selectDryRun(s)?.id).toBe(IMPORT);
    // No one to add or change: the review opens on the moves.
    expect(selectAccountKind(s)).toBe('MOVE');
    const pages = requests.filter((r) => r.url.pathname.endsWith(`/roster-imports/${IMPORT}`));
    expect(pages.map((r) => Object.fromEntries(r.url.searchParams))).toEqual(
      expect.arrayContaining([{ page: '1', itemsPerPage: '10', accountKind: 'MOVE' }, { page: '1', itemsPerPage: '10' }]),
    );
    expect(selectRows(selectAccountsTable(s)!.getSnapshot())).toHaveLength(2);
    expect(selectRows(selectInvalidTable(s)!.getSnapshot())).toEqual([expect.objectContaining({ file: 'users.csv', line: 7, sourcedId: 't-9' })]);
    // The history was read at start and again once the dry run was made.
    expect(requests.filter((r) => r.method === 'GET' && r.url.pathname.endsWith('/roster-imports'))).toHaveLength(2);

    intents.showKind('DEACTIVATE');
    await wait();
    expect(requests.at(-1)!.url.searchParams.get('accountKind')).toBe('DEACTIVATE');
  });

  it('refuses a zip over 50 MB before sending it', async () => {
    const { requests, roster, intents } = world();
    await wait();
    intents.choose(zip(50_000_001, 'huge.zip'));
    expect(selectRosterStep(roster.getSnapshot())).toBe('choose');
    expect(selectRosterProblem(roster.getSnapshot())).toEqual({ message: expect.stringMatching(/^File size must be less than 50 MB\./), code: 'FILE_TOO_LARGE' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server’s words for a file it cannot read (the file and the line), never anything else', async () => {
    const { roster, intents } = world((request, url) =>
      request.method === 'POST' && url.pathname.endsWith('/roster-imports')
        ? Response.json({ error: { code: 'UNPROCESSABLE', message: 'users.csv line 4: an unclosed quote' } }, { status: 422 })
        : undefined,
    );
    await wait();
    intents.choose(zip());
    await wait();
    expect(selectRosterStep(roster.getSnapshot())).toBe('choose');
    expect(selectRosterProblem(roster.getSnapshot())).toEqual({ message: 'users.csv line 4: an unclosed quote', code: 'UNPROCESSABLE' });
  });

  it('applies only once confirmed, then says what was applied', async () => {
    const { requests, roster, intents, messages } = world();
    await wait();
    intents.choose(zip());
    await wait();
    intents.apply();
    expect(selectRosterStep(roster.getSnapshot())).toBe('confirm');
    expect(requests.some((r) => r.url.pathname.endsWith('/apply'))).toBe(false);
    intents.cancel();
    expect(selectRosterStep(roster.getSnapshot())).toBe('review');
    intents.apply();
    intents.confirm();
    expect(selectRosterStep(roster.getSnapshot())).toBe('applying');
    await wait();
    expect(requests.filter((r) => r.url.pathname.endsWith('/apply'))).toHaveLength(1);
    expect(selectRosterStep(roster.getSnapshot())).toBe('choose');
    expect(selectApplied(roster.getSnapshot())?.status).toBe('APPLIED');
    expect(messages()).toEqual([{ type: 'snackbar.enqueue', message: 'Roster applied: 2 people moved, 1 person deactivated and 1 school created.', variant: 'success' }]);
  });

  it('after ROSTER_CHANGED keeps the review with the reason and runs the dry run again with the same file', async () => {
    const { requests, roster, intents, messages } = world((_, url) =>
      url.pathname.endsWith('/apply')
        ? Response.json({ error: { code: 'ROSTER_CHANGED', message: 'The district has changed since this dry run: run the dry run again and check its changes' } }, { status: 409 })
        : undefined,
    );
    await wait();
    intents.choose(zip());
    await wait();
    intents.apply();
    intents.confirm();
    await wait();
    expect(selectRosterStep(roster.getSnapshot())).toBe('review');
    expect(selectRosterProblem(roster.getSnapshot())?.code).toBe('ROSTER_CHANGED');
    expect(messages()).toEqual([]);
    intents.recheck();
    await wait();
    expect(requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/roster-imports'))).toHaveLength(2);
    expect(selectRosterProblem(roster.getSnapshot())).toBeNull();
  });

  it('opens a pending dry run of the history in the same review', async () => {
    const { roster, intents } = world();
    await wait();
    intents.open(IMPORT);
    expect(selectRosterStep(roster.getSnapshot())).toBe('opening');
    await wait();
    expect(selectRosterStep(roster.getSnapshot())).toBe('review');
    // Not a file of this visit: nothing to send again.
    roster.send({ type: 'roster.recheck' });
    expect(selectRosterStep(roster.getSnapshot())).toBe('review');
  });
});

describe('roster REST endpoint', () => {
  it('starts with an empty form; the secret is required the first time and left out when kept', async () => {
    const { requests, roster, messages } = world();
    await wait();
    const source = selectRosterSource(roster.getSnapshot());
    expect(selectSourceStep(source.getSnapshot())).toBe('ready');
    expect(selectSource(source.getSnapshot())).toBeNull();
    const form = selectSourceForm(source.getSnapshot())!;
    const fill = formIntents((event) => form.send(event));
    fill.change('baseUrl', 'sis.example.org');
    fill.change('tokenUrl', 'https://sis.example.org/token');
    fill.change('clientId', 'nw');
    fill.submit();
    await wait();
    expect(selectFieldErrors('baseUrl')(form.getSnapshot())).toEqual(['The Base URL must be an address starting with https:// or http://']);
    expect(selectFieldErrors('clientSecret')(form.getSnapshot())).toEqual(['The Client secret field is required']);
    fill.change('baseUrl', 'https://sis.example.org/v1p2');
    fill.change('clientSecret', 's3cret');
    fill.change('autoApply', true);
    fill.submit();
    await wait();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({ baseUrl: 'https://sis.example.org/v1p2', tokenUrl: 'https://sis.example.org/token', clientId: 'nw', clientSecret: 's3cret', autoApply: true });
    expect(selectSource(source.getSnapshot())?.autoApply).toBe(true);
    expect(messages().at(-1)?.message).toMatch(/^Roster endpoint saved/);

    // The saved endpoint's form starts again from it, the secret empty: saving keeps the one set.
    const again = selectSourceForm(source.getSnapshot())!;
    expect(again).not.toBe(form);
    again.send({ type: 'form.submit' });
    await wait();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)!.body).not.toHaveProperty('clientSecret');
  });

  it('"Pull now" opens the pulled dry run in the review and reads the endpoint again for its last result', async () => {
    const { requests, roster } = world();
    await wait();
    const source = selectRosterSource(roster.getSnapshot());
    const form = selectSourceForm(source.getSnapshot())!;
    for (const [field, value] of Object.entries({ baseUrl: 'https://sis.example.org/v1p2', tokenUrl: 'https://sis.example.org/token', clientId: 'nw', clientSecret: 's' })) {
      form.send({ type: 'form.change', field, value });
    }
    form.send({ type: 'form.submit' });
    await wait();
    const endpoint = rosterSourceIntents((event) => source.send(event));
    const reads = requests.filter((r) => r.method === 'GET' && r.url.pathname.endsWith('/roster-source')).length;
    endpoint.pull();
    expect(selectSourceStep(source.getSnapshot())).toBe('pulling');
    await wait();
    expect(selectRosterStep(roster.getSnapshot())).toBe('review');
    expect(selectDryRun(roster.getSnapshot())?.id).toBe(PULLED);
    expect(requests.filter((r) => r.method === 'GET' && r.url.pathname.endsWith('/roster-source'))).toHaveLength(reads + 1);

    endpoint.remove();
    expect(selectSourceStep(source.getSnapshot())).toBe('confirmRemove');
    endpoint.cancel();
    endpoint.remove();
    endpoint.confirmRemove();
    await wait();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(selectSource(source.getSnapshot())).toBeNull();
  });

  it('a failed pull says why, in the endpoint’s card', async () => {
    const { roster } = world((request, url) => {
      if (url.pathname.endsWith('/roster-source') && request.method === 'GET') return Response.json(SOURCE);
      if (url.pathname.endsWith('/pull'))
        return Response.json({ error: { code: 'ROSTER_SOURCE_FAILED', message: 'The token endpoint refused the client credentials (401)' } }, { status: 502 });
      return undefined;
    });
    await wait();
    const source = selectRosterSource(roster.getSnapshot());
    rosterSourceIntents((event) => source.send(event)).pull();
    await wait();
    expect(selectSourceStep(source.getSnapshot())).toBe('ready');
    expect(selectSourceProblem(source.getSnapshot())).toEqual({ message: 'The token endpoint refused the client credentials (401)', code: 'ROSTER_SOURCE_FAILED' });
    expect(selectRosterStep(roster.getSnapshot())).toBe('choose');
  });
});

describe('changeSummary', () => {
  it('names every change with its number, before and after', () => {
    expect(changeSummary({ ...COUNTS, accountsToAdd: 120, accountsToMove: 0, schoolsToCreate: 0, accountsToDeactivate: 4 }, 'plan')).toBe('add 120 people and deactivate 4 people');
    expect(changeSummary(COUNTS, 'done')).toBe('2 people moved, 1 person deactivated and 1 school created');
    expect(changeSummary({ ...COUNTS, accountsToMove: 0, accountsToDeactivate: 0, schoolsToCreate: 0 }, 'plan')).toBe('no changes');
  });
});
