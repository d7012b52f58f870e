import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { createAuditRepository } from './audit.ts';
import { createBillingRepository } from './billing.ts';
import { createCatalogRepository } from './catalog.ts';
import { createCatalogAdminRepository } from './catalog-admin.ts';
import { createCertificatesRepository } from './certificates.ts';
import { createFrameworkAdminRepository } from './framework-admin.ts';
import { createIdentityRepository } from './identity.ts';
import { createMediaRepository } from './media.ts';
import { createOrganizationsRepository } from './organizations.ts';
import { createProfilesRepository } from './profiles.ts';
import { createProgressRepository } from './progress.ts';
import { createReportingRepository } from './reporting.ts';
import { createUploadsRepository } from './uploads.ts';
import { createUsersRepository } from './users.ts';

/** Every query the server runs, one repository per aggregate, over one database. */
export function createRepositories(db: Db) {
  return {
    catalog: createCatalogRepository(db),
    catalogAdmin: createCatalogAdminRepository(db),
    progress: createProgressRepository(db),
    profiles: createProfilesRepository(db),
    users: createUsersRepository(db),
    organizations: createOrganizationsRepository(db),
    billing: createBillingRepository(db),
    reporting: createReportingRepository(db),
    identity: createIdentityRepository(db),
    certificates: createCertificatesRepository(db),
    media: createMediaRepository(db),
    audit: createAuditRepository(db),
    frameworkAdmin: createFrameworkAdminRepository(db),
    uploads: createUploadsRepository(db),
    /** Throws when the database does not answer. */
    ping: async () => void (await db.execute(sql`select 1`)),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
