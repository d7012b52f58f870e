import { createHash } from 'node:crypto';
import type { QueryOf, Role, Schemas } from '../contract.ts';
import type { UserRow } from '../auth/principal.ts';
import { conflict, HttpError, notFound, unprocessable } from '../errors.ts';
import type { AuditActor } from '../repositories/audit.ts';
import type { OrganizationRow } from '../repositories/organizations.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { RosterAccount, RosterAccountUpdate, RosterImportListed, RosterSchool, RosterSourceRow } from '../repositories/roster.ts';
import type { AdminChanges } from './admin-changes.ts';
import { isUnclaimed } from './invitations.ts';
import { fetchRoster, httpUrl, RosterSourceError } from './oneroster-rest.ts';
import { RosterFileError, rosterFromRest, rosterFromZip, type RowProblem, type Roster } from './oneroster.ts';
import type { Sealer } from './sealed.ts';
import type { Sessions } from './sessions.ts';

// A district's roster: a OneRoster file (or a pull from its REST endpoint) compared with the
// district as it is now, kept as a dry run, and applied in one transaction with its audit entry.

/** The largest zip an import takes, in MB of 1,000,000 bytes. */
export const ROSTER_MAX_MB = 50;
/** Entries of each list a dry run answers at once (the rest are paged). */
const FIRST_PAGE = 500;
/** A nightly pull runs once the last one is this old (the periodic check runs every hour by default). */
const PULL_DUE_AFTER_MS = 23 * 3600 * 1000;

/** The actor of a pull that applied itself at night. */
const NIGHTLY: AuditActor = { id: null, email: 'roster-pull', firstName: 'Nightly', lastName: 'roster pull' };

type AccountChange = Schemas['RosterAccountChange'];
type SchoolChange = Schemas['RosterSchoolChange'];
type Counts = Schemas['RosterCounts'];

/** What the dry run keeps of its plan: what it showed, and the digest of the changes it found. */
type StoredPlan = { roster: Roster; changesDigest: string; schools: SchoolChange[]; accounts: AccountChange[]; invalid: RowProblem[]; skipped: RowProblem[] };
type StoredSummary = Pick<Schemas['RosterImport'], 'version' | 'modes' | 'counts' | 'ignored' | 'seats'>;

/** The changes of a roster against the district, with what applying them writes. */
type Plan = {
  districtSourcedId: string | null;
  schools: SchoolChange[];
  newSchools: { sourcedId: string; name: string }[];
  schoolUpdates: { id: string; name: string; sourcedId: string }[];
  accounts: AccountChange[];
  /** For each account change, in the same order: what is written (new accounts have no id). */
  writes: (Omit<RosterAccountUpdate, 'id' | 'organizationId'> & { id: string | null; organizationId: string | null; schoolSourcedId: string })[];
  invalid: RowProblem[];
  skipped: RowProblem[];
  unchanged: number;
  /** users.csv, or users for a pull: what a skipped account's line names. */
  usersFile: string;
};

const MEMBER_ROLES: readonly Role[] = ['USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN'];
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The account as `isUnclaimed` reads it (a sign-up nobody proved, in no organization, never invited). */
const unclaimed = (a: RosterAccount) =>
  isUnclaimed({ ...a, verifiedAt: a.verifiedAt ? new Date(a.verifiedAt) : null, invitedAt: a.invitedAt ? new Date(a.invitedAt) : null, deactivatedAt: a.deactivated ? new Date() : null });

/**
 * The roster against the district: schools to create, rename or link, accounts to add, change,
 * move, deactivate or reactivate, the rows that cannot be used and the accounts left alone.
 * Pure; the same roster and the same district always give the same plan.
 */
export function planRoster(roster: Roster, district: Pick<OrganizationRow, 'id' | 'name' | 'sourcedId'>, schools: RosterSchool[], accounts: RosterAccount[]): Plan {
  const invalid: RowProblem[] = [...roster.invalid];
  const skipped: RowProblem[] = [];

  // The district: the file's district row must be this one (its sourcedId is recorded the first time).
  const districtRows = roster.orgs.filter((o) => o.type === 'district');
  let districtSourcedId = district.sourcedId;
  let linkDistrict: string | null = null;
  if (!districtSourcedId && districtRows.length > 1) {
    throw unprocessable(`orgs.csv describes ${districtRows.length} districts (${districtRows.map((o) => o.name).join(', ')}): import one district's roster at a time`, 'ROSTER_SEVERAL_DISTRICTS');
  }
  if (!districtSourcedId && districtRows.length === 1) districtSourcedId = linkDistrict = districtRows[0]!.sourcedId;
  const otherDistricts = districtRows.filter((o) => o.sourcedId !== districtSourcedId);
  if (otherDistricts.length && otherDistricts.length === districtRows.length) {
    const other = otherDistricts[0]!;
    throw unprocessable(`This is the roster of ${other.name} (sourcedId ${other.sourcedId}), not of ${district.name} (sourcedId ${district.sourcedId})`, 'ROSTER_OTHER_DISTRICT');
  }
  for (const o of otherDistricts) invalid.push({ file: o.file, line: o.line, sourcedId: o.sourcedId, reason: `Another district: a file holds the roster of ${district.name} only` });
  const otherDistrictIds = new Set(otherDistricts.map((o) => o.sourcedId));

  // Schools, by sourcedId, else (not yet rostered) by name.
  type Target = { id: string | null; name: string; type: 'district' | 'school' };
  const targets = new Map<string, Target>();
  if (districtSourcedId) targets.set(districtSourcedId, { id: district.id, name: district.name, type: 'district' });
  for (const s of schools) if (s.sourcedId) targets.set(s.sourcedId, { id: s.id, name: s.name, type: 'school' });
  const schoolBySourcedId = new Map(schools.filter((s) => s.sourcedId).map((s) => [s.sourcedId!, s]));
  const unlinkedByName = new Map(schools.filter((s) => !s.sourcedId).map((s) => [s.name.toLowerCase(), s]));
  const schoolChanges: SchoolChange[] = [];
  const newSchools: Plan['newSchools'] = [];
  const schoolUpdates: Plan['schoolUpdates'] = [];
  const listedSchools = new Set<string>();
  for (const o of roster.orgs) {
    if (o.type !== 'school') continue;
    if (o.parentSourcedId && otherDistrictIds.has(o.parentSourcedId)) {
      invalid.push({ file: o.file, line: o.line, sourcedId: o.sourcedId, reason: `The school belongs to another district (${o.parentSourcedId})` });
      continue;
    }
    const existing = schoolBySourcedId.get(o.sourcedId) ?? unlinkedByName.get(o.name.toLowerCase());
    if (existing) {
      listedSchools.add(existing.id);
      unlinkedByName.delete(existing.name.toLowerCase());
      targets.set(o.sourcedId, { id: existing.id, name: o.active ? o.name : existing.name, type: 'school' });
    }
    if (!o.active) {
      if (existing) schoolChanges.push({ kind: 'NOT_IN_ROSTER', sourcedId: o.sourcedId, name: existing.name, previousName: null, organizationId: existing.id, line: o.line });
      continue;
    }
    if (!existing) {
      schoolChanges.push({ kind: 'CREATE', sourcedId: o.sourcedId, name: o.name, previousName: null, organizationId: null, line: o.line });
      newSchools.push({ sourcedId: o.sourcedId, name: o.name });
      targets.set(o.sourcedId, { id: null, name: o.name, type: 'school' });
    } else if (!existing.sourcedId || existing.name !== o.name) {
      const kind = existing.sourcedId ? 'RENAME' : 'LINK';
      schoolChanges.push({ kind, sourcedId: o.sourcedId, name: o.name, previousName: existing.name === o.name ? null : existing.name, organizationId: existing.id, line: o.line });
      schoolUpdates.push({ id: existing.id, name: o.name, sourcedId: o.sourcedId });
    }
  }
  if (roster.modes.orgs === 'bulk') {
    for (const s of schools) {
      if (listedSchools.has(s.id)) continue;
      schoolChanges.push({ kind: 'NOT_IN_ROSTER', sourcedId: s.sourcedId, name: s.name, previousName: null, organizationId: s.id, line: null });
    }
  }
  if (linkDistrict) schoolChanges.unshift({ kind: 'LINK', sourcedId: linkDistrict, name: district.name, previousName: null, organizationId: district.id, line: districtRows[0]!.line });

  // Accounts: by the district's sourcedId, else by e-mail (an account of the district, or one nobody claimed).
  const schoolNames = new Map<string, string>([[district.id, district.name], ...schools.map((s) => [s.id, s.name] as const)]);
  const districtOrgs = new Set(schoolNames.keys());
  const rostered = new Map(accounts.filter((a) => a.rosteredBy === district.id && a.sourcedId).map((a) => [a.sourcedId!, a]));
  const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
  const emailLines = new Map<string, number[]>();
  for (const p of roster.people) if (p.active && p.email) emailLines.set(p.email, [...(emailLines.get(p.email) ?? []), p.line]);
  const touched = new Map<string, number>();
  const changes: AccountChange[] = [];
  const writes: Plan['writes'] = [];
  let unchanged = 0;

  for (const p of roster.people) {
    const problem = (reason: string) => invalid.push({ file: p.file, line: p.line, sourcedId: p.sourcedId, reason });
    const sameEmail = emailLines.get(p.email) ?? [];
    if (p.active && sameEmail.length > 1) {
      problem(`The e-mail ${p.email} is also on line ${sameEmail.filter((l) => l !== p.line).join(', ')}`);
      continue;
    }
    let account = rostered.get(p.sourcedId);
    let linked = false;
    const owner = !account && p.email ? byEmail.get(p.email) : undefined;
    if (owner) {
      const inDistrict = !!owner.organizationId && districtOrgs.has(owner.organizationId);
      // A row that takes an account away touches only the district's own accounts, silently otherwise.
      const refusal =
        owner.role === 'ADMIN' || owner.role === 'DEMO'
          ? `The e-mail ${p.email} belongs to a ${owner.role === 'ADMIN' ? 'platform admin' : 'demo'} account`
          : owner.rosteredBy === district.id && owner.sourcedId
            ? `The e-mail ${p.email} belongs to the account of sourcedId ${owner.sourcedId}`
            : !inDistrict && !(p.active && unclaimed(owner))
              ? `The e-mail ${p.email} belongs to an account outside this district; the educator can contact support to join it`
              : null;
      if (refusal) {
        if (p.active) problem(refusal);
        continue;
      }
      account = owner;
      linked = true;
    }
    if (account) {
      const earlier = touched.get(account.id);
      if (earlier !== undefined) {
        problem(`This account is already the one of line ${earlier}`);
        continue;
      }
      touched.set(account.id, p.line);
    }
    const target = targets.get(p.orgSourcedId);
    if (p.active && !target) {
      problem(`The school ${p.orgSourcedId} is neither in orgs.csv nor a school of this district`);
      continue;
    }
    const role: Role = p.kind === 'teacher' ? 'USER' : target?.type === 'district' ? 'DISTRICT_ADMIN' : 'SCHOOL_ADMIN';
    const schoolSourcedId = p.orgSourcedId;

    if (!account) {
      if (!p.active) continue;
      changes.push({ kind: 'ADD', sourcedId: p.sourcedId, userId: null, line: p.line, email: p.email, firstName: p.firstName, lastName: p.lastName, role, organizationId: target!.id, organizationName: target!.name, linked: false, before: null });
      writes.push({ id: null, email: p.email, firstName: p.firstName, lastName: p.lastName, role, organizationId: target!.id, schoolSourcedId, sourcedId: p.sourcedId, deactivate: false, reactivate: false });
      continue;
    }

    const relink = account.rosteredBy !== district.id || account.sourcedId !== p.sourcedId;
    const current = { email: account.email, firstName: account.firstName, lastName: account.lastName, role: account.role, organizationId: account.organizationId };
    if (!p.active) {
      if (account.deactivated && !relink) {
        unchanged += 1;
        continue;
      }
      const kind = account.deactivated ? 'CHANGE' : 'DEACTIVATE';
      changes.push({ kind, sourcedId: p.sourcedId, userId: account.id, line: p.line, ...current, organizationName: nameOf(schoolNames, account.organizationId), linked, before: account.deactivated ? {} : { deactivated: false } });
      writes.push({ id: account.id, ...current, schoolSourcedId: '', sourcedId: p.sourcedId, deactivate: !account.deactivated, reactivate: false });
      continue;
    }
    if (p.email !== account.email.toLowerCase()) {
      const owner = byEmail.get(p.email);
      if (owner && owner.id !== account.id) {
        problem(`The e-mail ${p.email} belongs to another account`);
        continue;
      }
    }
    const after = { email: p.email, firstName: p.firstName, lastName: p.lastName, role, organizationId: target!.id };
    const before: NonNullable<AccountChange['before']> = {};
    if (after.email !== account.email.toLowerCase()) before.email = account.email;
    if (after.firstName !== account.firstName) before.firstName = account.firstName;
    if (after.lastName !== account.lastName) before.lastName = account.lastName;
    if (after.role !== account.role) before.role = account.role;
    const moves = after.organizationId !== account.organizationId;
    if (moves) Object.assign(before, { organizationId: account.organizationId, organizationName: nameOf(schoolNames, account.organizationId) });
    if (account.deactivated) before.deactivated = true;
    const kind = account.deactivated ? 'REACTIVATE' : moves ? 'MOVE' : Object.keys(before).length || relink ? 'CHANGE' : null;
    if (!kind) {
      unchanged += 1;
      continue;
    }
    changes.push({ kind, sourcedId: p.sourcedId, userId: account.id, line: p.line, ...after, organizationName: target!.name, linked, before });
    writes.push({ id: account.id, ...after, schoolSourcedId, sourcedId: p.sourcedId, deactivate: false, reactivate: account.deactivated });
  }

  // A bulk file is the whole roster: what it rostered and no longer lists is deactivated; the
  // district's other members are not the roster's to take away.
  if (roster.modes.users === 'bulk') {
    const listedIds = new Set(roster.listed.sourcedIds);
    const listedEmails = new Set(roster.listed.emails);
    for (const a of accounts) {
      if (a.deactivated || touched.has(a.id) || listedEmails.has(a.email.toLowerCase())) continue;
      if (a.rosteredBy === district.id && a.sourcedId) {
        if (listedIds.has(a.sourcedId)) continue;
        changes.push({ kind: 'DEACTIVATE', sourcedId: a.sourcedId, userId: a.id, line: null, email: a.email, firstName: a.firstName, lastName: a.lastName, role: a.role, organizationId: a.organizationId, organizationName: nameOf(schoolNames, a.organizationId), linked: false, before: { deactivated: false } });
        writes.push({ id: a.id, email: a.email, firstName: a.firstName, lastName: a.lastName, role: a.role, organizationId: a.organizationId, schoolSourcedId: '', sourcedId: a.sourcedId, deactivate: true, reactivate: false });
      } else if (a.organizationId && districtOrgs.has(a.organizationId) && MEMBER_ROLES.includes(a.role)) {
        skipped.push({ file: roster.usersFile, line: null, sourcedId: null, reason: `${a.email} is not in the roster, and was not added by it: left as it is` });
      }
    }
  }

  return { districtSourcedId: linkDistrict, schools: schoolChanges, newSchools, schoolUpdates, accounts: changes, writes, invalid: invalid.sort(byFileAndLine), skipped, unchanged, usersFile: roster.usersFile };
}

const nameOf = (names: Map<string, string>, id: string | null) => (id ? (names.get(id) ?? null) : null);
const byFileAndLine = (a: RowProblem, b: RowProblem) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0);

/**
 * The plan without the changes that would take an admin's own account away from them: their
 * role, organization, e-mail address and active account stay as they are (said in `skipped`);
 * a new name and the link to the roster go on.
 */
function spare(plan: Plan, userId: string | null): Plan {
  const i = userId ? plan.accounts.findIndex((c) => c.userId === userId) : -1;
  if (i < 0) return plan;
  const change = plan.accounts[i]!;
  const write = plan.writes[i]!;
  const { role, organizationId, organizationName, email, deactivated: _deactivated, ...rest } = change.before ?? {};
  if (role === undefined && organizationId === undefined && email === undefined && !write.deactivate) return plan;
  const kept = {
    ...write,
    role: role ?? write.role,
    organizationId: organizationId === undefined ? write.organizationId : organizationId,
    email: email ?? write.email,
    deactivate: false,
  };
  const reason = write.deactivate ? 'Your own account is not deactivated by an import' : 'Your own account keeps its role, organization and e-mail address';
  const skipped = [...plan.skipped, { file: plan.usersFile, line: change.line, sourcedId: change.sourcedId, reason }];
  const accounts = [...plan.accounts];
  const writes = [...plan.writes];
  const goesOn = Object.keys(rest).length > 0 || change.linked;
  if (goesOn) {
    accounts[i] = { ...change, kind: 'CHANGE', role: kept.role, email: kept.email, organizationId: kept.organizationId, organizationName: organizationId === undefined ? change.organizationName : (organizationName ?? null), before: rest };
    writes[i] = kept;
  } else {
    accounts.splice(i, 1);
    writes.splice(i, 1);
  }
  return { ...plan, accounts, writes, skipped, unchanged: plan.unchanged + (goesOn ? 0 : 1) };
}

function countsOf(plan: Plan): Counts {
  const schools = (kind: SchoolChange['kind']) => plan.schools.filter((s) => s.kind === kind).length;
  const accounts = (kind: AccountChange['kind']) => plan.accounts.filter((a) => a.kind === kind).length;
  return {
    schoolsToCreate: plan.newSchools.length,
    schoolsToRename: schools('RENAME'),
    schoolsToLink: schools('LINK'),
    schoolsNotInRoster: schools('NOT_IN_ROSTER'),
    accountsToAdd: accounts('ADD'),
    accountsToChange: accounts('CHANGE'),
    accountsToMove: accounts('MOVE'),
    accountsToDeactivate: accounts('DEACTIVATE'),
    accountsToReactivate: accounts('REACTIVATE'),
    unchanged: plan.unchanged,
    invalidRows: plan.invalid.length,
    skippedRows: plan.skipped.length,
  };
}

/** The digest of what applying the plan writes: the same digest, the same changes. */
const digestOf = (plan: Plan) => sha256(JSON.stringify([plan.districtSourcedId, plan.newSchools, plan.schoolUpdates, plan.writes, plan.accounts.map((a) => [a.kind, a.before])]));

type Deps = {
  repos: Pick<Repositories, 'roster' | 'organizations'>;
  changes: AdminChanges;
  sessions: Pick<Sessions, 'notifyEnded'>;
  sealer: Sealer;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** The HTTP client of pulls (tests give their own). */
  fetcher?: typeof fetch;
};

type ImportQuery = Pick<QueryOf<'getRosterImport'>, 'accountKind' | 'page' | 'itemsPerPage'>;

/** A district's rostering: dry runs of files and pulls, applying them, and its REST endpoint. */
export function createRostering({ repos, changes, sessions, sealer, log, fetcher }: Deps) {
  function requireDistrict(org: OrganizationRow) {
    if (org.type !== 'DISTRICT') throw conflict('A roster is kept for a district: choose the district, not one of its schools', 'NOT_A_DISTRICT');
  }

  /** The district's schools and accounts as the roster's plan needs them, read in the caller's transaction. */
  async function planFor(r: Pick<Repositories, 'roster'>, district: OrganizationRow, roster: Roster, spared: string | null) {
    const emails = [...new Set([...roster.people.map((p) => p.email).filter(Boolean), ...roster.listed.emails])];
    const [schools, accounts] = await Promise.all([r.roster.schools(district.id), r.roster.accounts(district.id, emails)]);
    return { plan: spare(planRoster(roster, district, schools, accounts), spared), schools, accounts };
  }

  /**
   * The seats of every running subscription with seats of the district or its schools: active
   * members now, and after the plan (a new account counts where it goes, a deactivated one no more).
   */
  async function seatsOf(district: OrganizationRow, schools: RosterSchool[], accounts: RosterAccount[], plan: Plan): Promise<Schemas['RosterSeats'][]> {
    const subscriptions = await repos.roster.seatedSubscriptions([district.id, ...schools.map((s) => s.id)]);
    if (!subscriptions.length) return [];
    const inDistrict = new Set([district.id, ...schools.map((s) => s.id)]);
    const now = new Map<string, number>();
    const add = (map: Map<string, number>, key: string | null, n: number) => {
      if (key) map.set(key, (map.get(key) ?? 0) + n);
    };
    for (const a of accounts) if (!a.deactivated && MEMBER_ROLES.includes(a.role) && a.organizationId && inDistrict.has(a.organizationId)) add(now, a.organizationId, 1);
    const after = new Map(now);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    plan.writes.forEach((w) => {
      const was = w.id ? byId.get(w.id) : undefined;
      if (was && !was.deactivated && MEMBER_ROLES.includes(was.role) && was.organizationId && inDistrict.has(was.organizationId)) add(after, was.organizationId, -1);
      if (!w.deactivate && MEMBER_ROLES.includes(w.role)) add(after, w.organizationId ?? `new:${w.schoolSourcedId}`, 1);
    });
    const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
    const names = new Map([[district.id, district.name], ...schools.map((s) => [s.id, s.name] as const)]);
    return subscriptions.map(({ organizationId, seats }) => {
      const activeNow = organizationId === district.id ? sum(now) : (now.get(organizationId) ?? 0);
      const activeAfter = organizationId === district.id ? sum(after) : (after.get(organizationId) ?? 0);
      return { organizationId, organizationName: names.get(organizationId) ?? '', seats, activeNow, activeAfter, overBy: Math.max(0, activeAfter - seats) };
    });
  }

  /** Keeps a dry run of the roster for the district (nothing else is written) and answers it. */
  async function dryRun(actor: UserRow | null, district: OrganizationRow, roster: Roster, meta: { source: 'UPLOAD' | 'PULL'; fileName: string | null; digest: string }) {
    const { plan, schools, accounts } = await planFor(repos, district, roster, actor?.id ?? null);
    const summary: StoredSummary = { version: roster.version, modes: roster.modes, counts: countsOf(plan), ignored: roster.ignored, seats: await seatsOf(district, schools, accounts, plan) };
    const stored: StoredPlan = { roster, changesDigest: digestOf(plan), schools: plan.schools, accounts: plan.accounts, invalid: plan.invalid, skipped: plan.skipped };
    const row = await repos.roster.createImport({ organizationId: district.id, ...meta, plan: stored, summary, createdBy: actor?.id ?? null });
    return show(district, row.id, { page: 1, itemsPerPage: FIRST_PAGE });
  }

  async function show(district: OrganizationRow, importId: string, q: ImportQuery): Promise<Schemas['RosterImport']> {
    const row = await repos.roster.one(district.id, importId);
    if (!row) throw notFound('Roster import not found');
    const plan = row.plan as unknown as Omit<StoredPlan, 'roster'>;
    const perPage = q.itemsPerPage ?? 100;
    const start = ((q.page ?? 1) - 1) * perPage;
    const page = <T>(list: T[]) => ({ total: list.length, items: list.slice(start, start + perPage) });
    const summary = row.summary as StoredSummary;
    return {
      ...summaryOf(row),
      version: summary.version,
      modes: summary.modes,
      ignored: summary.ignored,
      seats: summary.seats,
      schools: page(plan.schools),
      accounts: page(q.accountKind ? plan.accounts.filter((a) => a.kind === q.accountKind) : plan.accounts),
      invalid: page(plan.invalid),
      skipped: page(plan.skipped),
    };
  }

  const summaryOf = (row: RosterImportListed): Schemas['RosterImportSummary'] => ({
    id: row.id,
    organizationId: row.organizationId,
    source: row.source,
    fileName: row.fileName,
    digest: row.digest,
    status: row.status,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    appliedAt: row.appliedAt,
    appliedBy: row.appliedBy,
    counts: (row.summary as StoredSummary).counts,
  });

  /** Applies a dry run in one transaction; the accounts whose sessions it ended are told so after it commits. */
  async function apply(actor: AuditActor, district: OrganizationRow, importId: string) {
    requireDistrict(district);
    let ended: string[];
    try {
      ended = await changes.apply(actor, async (unit) => {
        const current = await unit.repos.organizations.lock(district.id);
        if (!current) throw notFound('Organization not found');
        const row = await unit.repos.roster.lockImport(district.id, importId);
        if (!row) throw notFound('Roster import not found');
        if (row.appliedAt) throw conflict('This import has been applied already', 'ALREADY_APPLIED');
        if (await unit.repos.roster.superseded(row)) throw conflict('A newer dry run of this district replaced this one: apply the newer one', 'SUPERSEDED');
        const stored = row.plan as unknown as StoredPlan;
        const { plan: again } = await planFor(unit.repos, current, stored.roster, row.createdBy);
        if (digestOf(again) !== stored.changesDigest) {
          throw conflict('The district has changed since this dry run: run the dry run again and check its changes', 'ROSTER_CHANGED');
        }
        const plan = spare(again, actor.id);
        if (plan.districtSourcedId) await unit.repos.roster.setOrganizationSourcedId(current.id, plan.districtSourcedId);
        const created = await unit.repos.roster.createSchools(current.id, plan.newSchools);
        await unit.repos.roster.updateSchools(plan.schoolUpdates);
        const placed = plan.writes.map((w) => ({ ...w, organizationId: w.organizationId ?? created.get(w.schoolSourcedId)! }));
        await unit.repos.roster.addAccounts(current.id, actor.id, placed.filter((w) => !w.id));
        await unit.repos.roster.updateAccounts(current.id, placed.filter((w): w is typeof w & { id: string } => w.id !== null));
        const counts = countsOf(plan);
        const summary = { ...(row.summary as StoredSummary), counts };
        await unit.repos.roster.markApplied(row.id, actor.id, summary, { ...stored, schools: plan.schools, accounts: plan.accounts, invalid: plan.invalid, skipped: plan.skipped });
        unit.record({
          action: 'rosterImport.applied',
          entityType: 'ROSTER_IMPORT',
          entityId: row.id,
          entityLabel: row.fileName ?? `${current.name} (pulled roster)`,
          before: null,
          after: { organizationId: current.id, organizationName: current.name, source: row.source, digest: row.digest, ...counts },
        });
        const byId = new Map(plan.accounts.map((a) => [a.userId, a]));
        return placed.filter((w) => w.id && (w.deactivate || byId.get(w.id)?.before?.role !== undefined)).map((w) => w.id!);
      });
    } catch (err) {
      // Two accounts trading an e-mail address or a sourcedId in one file: the database refuses the swap.
      if (databaseCode(err) === '23505') throw conflict('Two accounts of this roster would share an e-mail address or a sourcedId; correct the file and run the dry run again', 'ROSTER_CONFLICT');
      throw err;
    }
    for (const id of ended) await sessions.notifyEnded(id);
    log.info({ organizationId: district.id, importId, sessionsEnded: ended.length }, 'roster applied');
    return show(district, importId, { page: 1, itemsPerPage: FIRST_PAGE });
  }

  async function sourceOf(district: OrganizationRow): Promise<RosterSourceRow> {
    requireDistrict(district);
    const source = await repos.roster.source(district.id);
    if (!source) throw notFound('No roster endpoint is set for this district', 'NO_ROSTER_SOURCE');
    return source;
  }

  const toSource = (s: RosterSourceRow): Schemas['RosterSource'] => ({
    organizationId: s.organizationId,
    baseUrl: s.baseUrl,
    tokenUrl: s.tokenUrl,
    clientId: s.clientId,
    autoApply: s.autoApply,
    lastRunAt: s.lastRunAt?.toISOString() ?? null,
    lastResult: (s.lastResult as Schemas['RosterSource']['lastResult']) ?? null,
  });

  /** Pulls the district's roster now; a failure is kept as the endpoint's last result and answered 502. */
  async function pull(actor: UserRow | null, district: OrganizationRow): Promise<Schemas['RosterImport']> {
    const source = await sourceOf(district);
    const at = () => new Date().toISOString();
    let roster: Roster;
    let digest: string;
    try {
      const data = await fetchRoster({ baseUrl: source.baseUrl, tokenUrl: source.tokenUrl, clientId: source.clientId, clientSecret: sealer.open(source.clientSecretSealed) }, undefined, fetcher);
      roster = rosterFromRest(data.orgs, data.users);
      digest = sha256(JSON.stringify(data));
    } catch (err) {
      if (!(err instanceof RosterSourceError)) throw err;
      await repos.roster.recordRun(district.id, { ok: false, at: at(), message: err.message, importId: null, applied: false });
      log.warn({ organizationId: district.id, reason: err.message }, 'roster pull failed');
      throw new HttpError(502, 'ROSTER_SOURCE_FAILED', err.message);
    }
    try {
      const made = await dryRun(actor, district, roster, { source: 'PULL', fileName: null, digest });
      const result = source.autoApply ? await apply(actor ?? NIGHTLY, district, made.id) : made;
      const { accountsToAdd, accountsToChange, accountsToMove, accountsToDeactivate, accountsToReactivate, invalidRows } = result.counts;
      const message = `${source.autoApply ? 'Applied' : 'Dry run ready'}: ${accountsToAdd} to add, ${accountsToChange + accountsToMove + accountsToReactivate} to change, ${accountsToDeactivate} to deactivate, ${invalidRows} invalid rows`;
      await repos.roster.recordRun(district.id, { ok: true, at: at(), message, importId: made.id, applied: source.autoApply });
      return result;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) await repos.roster.recordRun(district.id, { ok: false, at: at(), message: err.message, importId: null, applied: false });
      throw err;
    }
  }

  return {
    async list(district: OrganizationRow, q: QueryOf<'listRosterImports'>) {
      requireDistrict(district);
      const { items, total } = await repos.roster.list(district.id, q.page ?? 1, q.itemsPerPage ?? 20);
      return { items: items.map(summaryOf), total };
    },

    get(district: OrganizationRow, importId: string, q: ImportQuery) {
      requireDistrict(district);
      return show(district, importId, q);
    },

    /** The dry run of an uploaded OneRoster zip. */
    async upload(actor: UserRow, district: OrganizationRow, body: Buffer, fileName: string | null) {
      requireDistrict(district);
      let roster: Roster;
      try {
        roster = await rosterFromZip(body);
      } catch (err) {
        if (err instanceof RosterFileError) throw unprocessable(err.message, err.code);
        throw err;
      }
      return dryRun(actor, district, roster, { source: 'UPLOAD', fileName, digest: sha256(body) });
    },

    apply: (actor: UserRow, district: OrganizationRow, importId: string) => apply(actor, district, importId),

    source: async (district: OrganizationRow) => toSource(await sourceOf(district)),

    async setSource(actor: UserRow, district: OrganizationRow, input: Schemas['RosterSourceInput']) {
      requireDistrict(district);
      for (const [field, value] of [['baseUrl', input.baseUrl], ['tokenUrl', input.tokenUrl]] as const) {
        if (!httpUrl(value)) throw unprocessable(`${field} must be an http or https address`, 'ROSTER_SOURCE_URL');
      }
      const saved = await changes.apply(actor, async (unit) => {
        const existing = await unit.repos.roster.source(district.id);
        if (!existing && !input.clientSecret) throw unprocessable('The client secret is required the first time', 'CLIENT_SECRET_REQUIRED');
        const values = { baseUrl: input.baseUrl, tokenUrl: input.tokenUrl, clientId: input.clientId, autoApply: input.autoApply ?? false };
        const row = await unit.repos.roster.saveSource({
          organizationId: district.id,
          ...values,
          clientSecretSealed: input.clientSecret ? sealer.seal(input.clientSecret) : existing!.clientSecretSealed,
        });
        const before = existing ? { baseUrl: existing.baseUrl, tokenUrl: existing.tokenUrl, clientId: existing.clientId, autoApply: existing.autoApply } : null;
        unit.record({ action: 'rosterSource.set', entityType: 'ROSTER_SOURCE', entityId: district.id, entityLabel: district.name, before, after: { ...values, clientSecretChanged: !!input.clientSecret } });
        return row;
      });
      return toSource(saved);
    },

    async deleteSource(actor: UserRow, district: OrganizationRow) {
      const source = await sourceOf(district);
      await changes.apply(actor, async (unit) => {
        if (!(await unit.repos.roster.deleteSource(district.id))) throw notFound('No roster endpoint is set for this district', 'NO_ROSTER_SOURCE');
        unit.record({ action: 'rosterSource.removed', entityType: 'ROSTER_SOURCE', entityId: district.id, entityLabel: district.name, before: { baseUrl: source.baseUrl, clientId: source.clientId }, after: null });
      });
    },

    pull: (actor: UserRow, district: OrganizationRow) => pull(actor, district),

    /**
     * The nightly pulls: every endpoint not pulled for a day, one at a time; each is claimed
     * first, so several server processes never pull the same one. A failure is the endpoint's
     * last result, and the next endpoint goes on.
     */
    async pullDue(): Promise<number> {
      let pulled = 0;
      for (let id = await repos.roster.claimDue(PULL_DUE_AFTER_MS); id; id = await repos.roster.claimDue(PULL_DUE_AFTER_MS)) {
        const district = await repos.organizations.byId(id);
        if (!district) continue;
        try {
          await pull(null, district);
          pulled += 1;
        } catch (err) {
          log.warn({ organizationId: id, err: err instanceof HttpError ? err.message : err }, 'nightly roster pull failed');
        }
      }
      return pulled;
    },
  };
}

export type Rostering = ReturnType<typeof createRostering>;

/** PostgreSQL's SQLSTATE of a failed query (drizzle wraps the driver's error as its cause). */
function databaseCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
