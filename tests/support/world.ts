import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';

export const ACCOUNTS = {
  admin: 'admin@example.org',
  districtAdmin: 'district.admin@northwind.example.org',
  otherDistrictAdmin: 'district.admin@lakeside.example.org',
  educator: 'educator01@northwind.example.org',
  demo: 'demo@example.org',
  noAccess: 'noaccess@example.org',
  lapsed: 'lapsed@lakeside.example.org',
  free: 'free@example.org',
  trial: 'trial@example.org',
  subscriber: 'subscriber@example.org',
  newbie: 'newbie@example.org',
} as const;

export type RoleName = 'anonymous' | 'demo' | 'user' | 'schoolAdmin' | 'districtAdmin' | 'admin';
export const ROLE_NAMES: RoleName[] = ['anonymous', 'demo', 'user', 'schoolAdmin', 'districtAdmin', 'admin'];

/**
 * The seeded organizations and accounts a test needs, looked up by their documented names:
 * Northwind (a district with schools), Lakeside (another district), Harbor Academy (no district).
 */
export async function loadWorld(t: TestApp) {
  const orgs = await t.query<{ id: string; name: string; type: string; parentId: string | null }>(
    sql`select id::text as id, name, type, parent_id::text as "parentId" from organizations order by name`,
  );
  const northwind = orgs.find((o) => o.type === 'DISTRICT' && o.name.startsWith('Northwind'))!;
  const lakeside = orgs.find((o) => o.type === 'DISTRICT' && o.name.startsWith('Lakeside'))!;
  const northwindSchools = orgs.filter((o) => o.parentId === northwind.id);
  const lakesideSchools = orgs.filter((o) => o.parentId === lakeside.id);
  const harbor = orgs.find((o) => o.type === 'SCHOOL' && o.parentId === null && o.name.startsWith('Harbor'))!;
  const [schoolAdmin] = await t.query<{ email: string; organizationId: string }>(
    sql`select email, organization_id::text as "organizationId" from users
        where role = 'SCHOOL_ADMIN' and organization_id in (select id from organizations where parent_id = ${northwind.id}::uuid)
        order by email limit 1`,
  );
  const ownSchool = northwindSchools.find((s) => s.id === schoolAdmin!.organizationId)!;
  const siblingSchool = northwindSchools.find((s) => s.id !== ownSchool.id)!;
  const [item] = await t.query<{ id: string; publicId: string }>(
    sql`select id::text as id, public_id as "publicId" from catalog_items where resource_type = 'LEARNING_OBJECT' order by public_id limit 1`,
  );
  const tokens: Record<Exclude<RoleName, 'anonymous'>, string> = {
    demo: await t.demo(ACCOUNTS.demo),
    user: await t.login(ACCOUNTS.educator),
    schoolAdmin: await t.login(schoolAdmin!.email),
    districtAdmin: await t.login(ACCOUNTS.districtAdmin),
    admin: await t.login(ACCOUNTS.admin),
  };
  return {
    orgs: { northwind, lakeside, harbor, northwindSchools, lakesideSchools, ownSchool, siblingSchool, otherDistrictSchool: lakesideSchools[0]! },
    schoolAdminEmail: schoolAdmin!.email,
    item: item!,
    tokens,
    token: (role: RoleName) => (role === 'anonymous' ? null : tokens[role]),
  };
}
