import { hash } from '@node-rs/argon2';
import type { PasswordChecks } from '../passwords.ts';
import type { UserRow } from '../principal.ts';
import type { UsersRepository } from '../../repositories/users.ts';
import { clock } from '../../clock.ts';
import { EMAIL_RULES, NAME_RULES } from '../../../src/lib/validation/fields.ts';
import { EMAIL_MAX, validate as check } from '../../../src/lib/validation/rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** The OpenID claims of an account (scope filtering is the provider's job). */
export function claimsOf(user: UserRow) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return {
    sub: user.id,
    email: user.email,
    // Proven by a link e-mailed to it (sign-up, invitation, demo), never by a password alone.
    email_verified: user.verifiedAt !== null,
    name: name || user.email,
    given_name: user.firstName || undefined,
    family_name: user.lastName || undefined,
    updated_at: Math.floor(user.createdAt.getTime() / 1000),
  };
}

export type SignUpInput = { firstName: string; lastName: string; email: string; password: string; confirm: string };
export type SignUpField = keyof SignUpInput;
export type SignUpResult =
  | { ok: true; user: UserRow; upgraded: 'created' | 'demo' | 'invited' }
  | { ok: false; field: SignUpField | null; message: string; exists?: boolean; demo?: boolean };

/**
 * What proves the right to an existing account at sign-up: the invitation's ticket (from the
 * e-mailed link) names the invited account; the demo session's registration ticket names its
 * demo account. An address typed into the form proves nothing.
 */
export type SignUpProof = { invitedUserId?: string | null; demoUserId?: string | null };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createAccounts(users: UsersRepository, passwords: PasswordChecks) {
  async function byId(id: string): Promise<UserRow | undefined> {
    if (!UUID.test(id)) return undefined;
    return users.byId(id);
  }

  async function byEmail(email: string): Promise<UserRow | undefined> {
    return users.byEmail(normaliseEmail(email));
  }

  /** The account for an e-mail and password, or null (never telling which of the two was wrong). */
  async function checkPassword(email: string, password: string): Promise<UserRow | null> {
    const user = email.length <= EMAIL_MAX && password.length <= PASSWORD_MAX ? await byEmail(email) : undefined;
    const ok = await passwords.verify(user?.passwordHash, password);
    return user && ok ? user : null;
  }

  function validate(input: SignUpInput): SignUpResult | null {
    // The app's own rules and messages (src/lib/validation), on the values as they are saved.
    for (const [field, rules, label] of [['firstName', NAME_RULES, 'First Name'], ['lastName', NAME_RULES, 'Last Name'], ['email', EMAIL_RULES, 'Email']] as const) {
      const [message] = check(input[field], rules, label);
      if (message) return { ok: false, field, message };
    }
    if (!input.password) return { ok: false, field: 'password', message: 'The Password field is required' };
    if (input.password.length < PASSWORD_MIN) return { ok: false, field: 'password', message: `The Password must have at least ${PASSWORD_MIN} characters` };
    if (input.password.length > PASSWORD_MAX) return { ok: false, field: 'password', message: `The Password must not exceed ${PASSWORD_MAX} characters` };
    if (input.password !== input.confirm) return { ok: false, field: 'confirm', message: 'The two passwords do not match.' };
    return null;
  }

  /**
   * Creates a USER with a profile, its address unproven until the e-mailed link is followed; or
   * gives an existing account its owner with the proof for it (`SignUpProof`): an invited
   * educator's account, also one whose address nobody ever proved (whoever signed it up before
   * the invitation did not own the address: their password and sessions end), or the demo
   * account of the demo session registering (it becomes a USER and keeps its profile and
   * history).
   */
  async function signUp(input: SignUpInput, proof: SignUpProof = {}): Promise<SignUpResult> {
    const invalid = validate(input);
    if (invalid) return invalid;
    const email = normaliseEmail(input.email);
    const values = { firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordHash: await hash(input.password) };

    const created = await users.create({ role: 'USER', email, ...values, completedOnboarding: false, verifiedAt: null }, { ifNew: true });
    if (created) return { ok: true, user: created, upgraded: 'created' };

    const existing = await byEmail(email);
    if (existing && proof.invitedUserId === existing.id) {
      // The invitation's link reached the address: that proves it.
      const completed = await users.claim(existing.id, 'invitation', { ...values, role: existing.role, verifiedAt: clock.now() });
      if (completed) return { ok: true, user: completed, upgraded: 'invited' };
    }
    if (existing && proof.demoUserId === existing.id) {
      const completed = await users.claim(existing.id, 'demo', { ...values, role: 'USER', verifiedAt: existing.verifiedAt });
      if (completed) return { ok: true, user: completed, upgraded: 'demo' };
    }
    if (existing?.role === 'DEMO' && !existing.passwordHash) {
      return { ok: false, field: 'email', message: 'This email has a demo account: register from the demo to keep it.', exists: true, demo: true };
    }
    return { ok: false, field: 'email', message: 'An account with this email already exists. Sign in instead.', exists: true };
  }

  return { byId, byEmail, checkPassword, signUp };
}
