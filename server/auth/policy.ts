import type { LearnerEventType, OperationId, Role } from '../contract.ts';
import { ROLE_VALUES } from '../db/enums.ts';
import { forbidden, type HttpError } from '../errors.ts';
import type { UserRow } from './principal.ts';

/**
 * How the caller of an operation proves who they are:
 * - `bearer`: an access token in the Authorization header, required (401 without);
 * - `optionalBearer`: anyone, but a token that is sent must be valid;
 * - `beacon`: the token is in the body (sendBeacon cannot set headers), and only the app's
 *   own origins may send it, so other sites cannot replay a stolen token through a browser;
 * - `none`: no token is read.
 */
export type Authentication = 'bearer' | 'optionalBearer' | 'beacon' | 'none';

/**
 * Which organization an admin's call acts on; it must be one the caller may see (404 for an
 * unknown one, 403 FORBIDDEN_ORGANIZATION for one outside their tenancy):
 * - `pathOrganization`: the `{id}` of the path;
 * - `queryOrganizationOrOwn`: `?organizationId=`, else the caller's own (400 when they have none);
 * - `queryOrganizationOrVisible`: `?organizationId=`, else every organization the caller may see;
 * - `visibleOrganizations`: every organization the caller may see.
 */
export type Tenancy = 'pathOrganization' | 'queryOrganizationOrOwn' | 'queryOrganizationOrVisible' | 'visibleOrganizations';

export type OperationPolicy =
  | { authentication: 'none' | 'optionalBearer' }
  | {
      authentication: 'bearer' | 'beacon';
      /** Who may call. A demo user refused where a full account would be allowed is told to register. */
      roles: readonly Role[];
      /** What a refused demo user reads, when the operation says more than the general message. */
      demoMessage?: string;
      /** Paid content: free access or an active subscription (own, school's or district's). */
      access?: true;
      tenancy?: Tenancy;
      /**
       * Open to an account whose e-mail address is not proven yet (a sign-up before its link is
       * followed): who it is, the link again, signing out. Every other operation answers it 403
       * EMAIL_NOT_VERIFIED.
       */
      beforeVerification?: true;
    };

/** Role sets (spec §6 names the roles; what each may do at the API is ours, see docs/decisions.md). */
const EVERYONE = ROLE_VALUES;
/** Everyone with learner records: the platform admin works in the admin site instead. */
const LEARNERS = ['DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER', 'DEMO'] as const satisfies readonly Role[];
/** The paying roles: they act on items, keep bookmarks and manage billing. */
const FULL_ACCOUNTS = ['DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER'] as const satisfies readonly Role[];
/** Everyone but the demo user, who has no password to change. */
const WITH_PASSWORD = ['ADMIN', 'DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER'] as const satisfies readonly Role[];
const ADMINS = ['ADMIN', 'DISTRICT_ADMIN', 'SCHOOL_ADMIN'] as const satisfies readonly Role[];
/** Who keeps a district's roster: its district admins, and platform admins (a school admin does not). */
const ROSTER_ADMINS = ['ADMIN', 'DISTRICT_ADMIN'] as const satisfies readonly Role[];
/** The admin site: platform admins only. */
const PLATFORM_ADMIN = ['ADMIN'] as const satisfies readonly Role[];

const PUBLIC = { authentication: 'none' } as const;
/** Signed in, whatever the role, even before the address is proven. */
const ANY_ACCOUNT = { authentication: 'bearer', roles: EVERYONE, beforeVerification: true } as const;

/**
 * Who may call each operation of openapi.yaml, checked in this order before its handler runs:
 * authentication (401), role (403 DEMO_ACCOUNT or FORBIDDEN_ROLE), a proven address (403
 * EMAIL_NOT_VERIFIED), access (403 SUBSCRIPTION_REQUIRED), tenancy (400/404/403). An operation
 * missing here does not compile.
 */
export const POLICY: Readonly<Record<OperationId, OperationPolicy>> = {
  // catalog
  searchCatalog: { authentication: 'bearer', roles: EVERYONE },
  listCatalogItems: { authentication: 'bearer', roles: EVERYONE },
  getCatalogItem: { authentication: 'bearer', roles: EVERYONE },
  listAudiences: { authentication: 'bearer', roles: EVERYONE },
  listNasotItems: { authentication: 'bearer', roles: EVERYONE },
  getCatalogItemVideo: { authentication: 'bearer', roles: EVERYONE, access: true },
  rateCatalogItem: { authentication: 'bearer', roles: FULL_ACCOUNTS, access: true },
  // Withdrawing what one did stays possible after the subscription ends.
  deleteRating: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  downloadReproducibles: { authentication: 'bearer', roles: FULL_ACCOUNTS, access: true },
  saveRubricScore: { authentication: 'bearer', roles: FULL_ACCOUNTS, access: true },
  applyStrategy: { authentication: 'bearer', roles: FULL_ACCOUNTS, access: true },
  removeStrategyApplication: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  getFeaturedItems: { authentication: 'bearer', roles: EVERYONE },
  getRecommendedItems: { authentication: 'bearer', roles: EVERYONE },
  getRecommendedPlaylists: { authentication: 'bearer', roles: EVERYONE },
  getNewItems: { authentication: 'bearer', roles: EVERYONE },
  getInProgressItems: { authentication: 'bearer', roles: EVERYONE },

  // identity: signing in and starting a demo come before any token
  getCurrentUser: ANY_ACCOUNT,
  // Each of its parts is then decided under that part's own operation (server/routes/start-up.ts).
  getStartUp: ANY_ACCOUNT,
  authorizeEmail: PUBLIC,
  getPasswordChangeUrl: {
    authentication: 'bearer',
    roles: WITH_PASSWORD,
    demoMessage: 'Demo accounts have no password; register for a full account first',
  },
  verifyEmail: PUBLIC,
  startDemo: PUBLIC,
  // The e-mailed link's ticket is the proof: no token before it.
  startDemoSession: PUBLIC,
  issueDemoRegistrationTicket: { authentication: 'bearer', roles: ['DEMO'] },
  localLogin: PUBLIC,
  logout: ANY_ACCOUNT,
  signOutEverywhere: ANY_ACCOUNT,
  sendVerificationEmail: ANY_ACCOUNT,

  // learner
  getProgress: { authentication: 'bearer', roles: LEARNERS },
  // The sign-in's LEARNER_LOGIN comes before the address is proven: the batch is answered, and
  // each of its events refused by evidenceRefusal below.
  recordLearnerEvents: { authentication: 'beacon', roles: LEARNERS, beforeVerification: true },

  // profile
  getProfile: { authentication: 'bearer', roles: EVERYONE },
  updateProfile: { authentication: 'bearer', roles: LEARNERS },
  getAchievements: { authentication: 'bearer', roles: LEARNERS },
  getProfileInProgress: { authentication: 'bearer', roles: LEARNERS },
  getSystemStreaks: { authentication: 'bearer', roles: LEARNERS },
  listInteractions: { authentication: 'bearer', roles: LEARNERS },
  exportInteractions: { authentication: 'bearer', roles: LEARNERS },
  // A learning record to hand in: full accounts only; it stays theirs after a subscription ends.
  createCertificate: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  listCertificates: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  getCertificatePdf: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  addBookmark: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  removeBookmark: { authentication: 'bearer', roles: FULL_ACCOUNTS },

  // billing: which subscription a customer may change is the billing service's rule
  listSubscriptions: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  cancelSubscription: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  reactivateSubscription: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  getPaymentMethod: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  updatePaymentMethod: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  listTransactions: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  getReceipt: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  getPaymentGatewayToken: { authentication: 'bearer', roles: FULL_ACCOUNTS },
  register: { authentication: 'bearer', roles: FULL_ACCOUNTS },

  // reporting and organizations
  getUsageReport: { authentication: 'bearer', roles: ADMINS, tenancy: 'queryOrganizationOrOwn' },
  getFrameworkUsage: { authentication: 'bearer', roles: ADMINS, tenancy: 'queryOrganizationOrOwn' },
  // Page views count for visitors too.
  recordPageView: { authentication: 'optionalBearer' },
  listUsers: { authentication: 'bearer', roles: ADMINS, tenancy: 'queryOrganizationOrVisible' },
  exportUsers: { authentication: 'bearer', roles: ADMINS, tenancy: 'queryOrganizationOrVisible' },
  listOrganizations: { authentication: 'bearer', roles: ADMINS, tenancy: 'visibleOrganizations' },
  inviteUser: { authentication: 'bearer', roles: ADMINS, tenancy: 'pathOrganization' },
  resendInvitation: { authentication: 'bearer', roles: ADMINS, tenancy: 'pathOrganization' },
  importUsers: { authentication: 'bearer', roles: ADMINS, tenancy: 'pathOrganization' },
  // A district's roster (OneRoster imports and its REST endpoint): its district admins and platform admins.
  listRosterImports: { authentication: 'bearer', roles: ROSTER_ADMINS, tenancy: 'pathOrganization' },
  createRosterImport: { authentication: 'bearer', roles: ROSTER_ADMINS, tenancy: 'pathOrganization' },
  getRosterImport: { authentication: 'bearer', roles: ROSTER_ADMINS, tenancy: 'pathOrganization' },
  applyRosterImport: { authentication: 'bearer', roles: ROSTER_ADMINS, tenancy: 'pathOrganization' },
  getRosterSource: { authentication: 'bearer', roles: ROSTER_ADMINS, tenancy: 'pathOrganization' },
  setRosterSource: { authentication: 'bearer', roles: ROSTER_ADMINS, tenancy: 'pathOrganization' },
  deleteRosterSource: { authentication: 'bearer', roles: ROSTER_ADMINS, tenancy: 'pathOrganization' },
  pullRosterSource: { authentication: 'bearer', roles: ROSTER_ADMINS, tenancy: 'pathOrganization' },

  // the admin site's catalogue: platform admins only
  adminListCatalogItems: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminCreateCatalogItem: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminGetCatalogItem: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminUpdateCatalogItem: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminChangeCatalogItemStatus: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminReorderPlaylistEntries: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  // the admin site's framework and audiences: platform admins only
  adminListFrameworkItems: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminCreateFrameworkItem: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminUpdateFrameworkItem: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminMoveFrameworkItem: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminDeleteFrameworkItem: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminListAudiences: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminCreateAudience: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminUpdateAudience: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminMoveAudience: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminDeleteAudience: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  // the admin site's uploads: platform admins only
  adminUploadFile: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  // the admin site: every account of the platform, and the audit log of every admin change
  adminListUsers: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminGetUser: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminUpdateUser: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminResendInvitation: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  listAuditEntries: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  // the admin site's districts and schools, their subscriptions and members
  adminListOrganizations: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminCreateOrganization: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminGetOrganization: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminUpdateOrganization: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminSetOrganizationSubscription: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminLapseOrganizationSubscription: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminListOrganizationMembers: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminAddOrganizationMember: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminRemoveOrganizationMember: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  // district sign-in: connecting an organization to its identity provider
  adminGetSsoConnection: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminSaveSsoConnection: { authentication: 'bearer', roles: PLATFORM_ADMIN },
  adminDeleteSsoConnection: { authentication: 'bearer', roles: PLATFORM_ADMIN },

  // flags and system
  getFeatures: PUBLIC,
  evalFeatures: PUBLIC,
  streamFeatures: PUBLIC,
  getHealth: PUBLIC,
  getReadiness: PUBLIC,
};

/**
 * Why a role may not call an operation, or null when it may. Pure, so that a rule finer than an
 * operation (a kind of learner event, say) can ask what the operation it stands for allows.
 */
export function roleRefusal(policy: OperationPolicy, role: Role): HttpError | null {
  if (!('roles' in policy) || policy.roles.includes(role)) return null;
  // Only say "register" when a full account would actually be allowed.
  if (role === 'DEMO' && policy.roles.includes('USER')) return forbidden(policy.demoMessage ?? 'Register for a full account to do this', 'DEMO_ACCOUNT');
  return forbidden('Your role does not allow this', 'FORBIDDEN_ROLE');
}

/** Why an account whose address is not proven yet may not call an operation, or null when it may. */
export function verificationRefusal(policy: OperationPolicy, user: Pick<UserRow, 'verifiedAt'>): HttpError | null {
  if (user.verifiedAt || !('roles' in policy) || policy.beforeVerification) return null;
  return unverified();
}

const unverified = () => forbidden('Confirm your e-mail address first: open the link we e-mailed you', 'EMAIL_NOT_VERIFIED');

/** What the caller's account may not do here: its role first, then its unproven address. */
export function callerRefusal(policy: OperationPolicy, user: Pick<UserRow, 'role' | 'verifiedAt'>): HttpError | null {
  return roleRefusal(policy, user.role) ?? verificationRefusal(policy, user);
}

/**
 * A learner event counts only from an account whose address is proven, whatever the operation it
 * stands for allows (a sign-in's event included): an address someone claimed without owning it
 * must not leave figures behind for its owner's school.
 */
export function evidenceRefusal(policy: OperationPolicy, user: Pick<UserRow, 'role' | 'verifiedAt'>): HttpError | null {
  return roleRefusal(policy, user.role) ?? (user.verifiedAt ? null : unverified());
}

/**
 * A learner event is evidence of an action, so it is accepted only from whoever may take that
 * action: the operation each type stands for lends it its roles and its paid-access rule.
 */
export const EVENT_OPERATION: Readonly<Record<LearnerEventType, OperationId>> = {
  CATALOG_ITEM_VISITED: 'getCatalogItem',
  CATALOG_ITEM_LEFT: 'getCatalogItem',
  VIDEO_PLAYED: 'getCatalogItemVideo',
  VIDEO_PAUSED: 'getCatalogItemVideo',
  VIDEO_TIMEUPDATED: 'getCatalogItemVideo',
  REPRODUCIBLES_DOWNLOADED: 'downloadReproducibles',
  STRATEGY_APPLICATION_UPDATED: 'applyStrategy',
  CATALOG_ITEM_RATED: 'rateCatalogItem',
  RUBRIC_SCORE_SAVED: 'saveRubricScore',
  BOOKMARK_UPDATED: 'addBookmark',
  LEARNER_LOGIN: 'getCurrentUser',
};
