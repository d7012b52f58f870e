import { randomBytes } from 'node:crypto';
import type { UserRow } from '../auth/principal.ts';
import type { Schemas } from '../contract.ts';
import { badRequest, HttpError, unprocessable } from '../errors.ts';
import type { CertificateRow, CertificatesRepository } from '../repositories/certificates.ts';
import type { CertificateStrategy } from '../db/schema.ts';
import type { OrganizationsRepository } from '../repositories/organizations.ts';
import type { Limiter } from './limits.ts';
import { addYears, localDate } from './dates.ts';
import { clock } from '../clock.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 16 base32 characters: 80 random bits, far beyond guessing even without the page's rate limit. */
export const CODE_PATTERN = /^[A-Z2-7]{16}$/;
/** The longest range a certificate covers. */
export const MAX_RANGE_YEARS = 3;
/** No learning on this platform predates it; also keeps dates inside what every database stores. */
export const EARLIEST_DAY = '2000-01-01';
/** Certificates one learner may issue in a day: plenty for people, a ceiling for scripts. */
export const CERTIFICATES_PER_DAY = 50;
const DAY_MS = 86_400_000;

export function newCertificateCode(): string {
  let code = '';
  let value = 0;
  let bits = 0;
  for (const byte of randomBytes(10)) {
    value = ((value << 8) | byte) & 0xfff;
    bits += 8;
    for (; bits >= 5; bits -= 5) code += BASE32[(value >>> (bits - 5)) & 31];
  }
  return code;
}

/** A code as people type it (lower case, spaces or dashes between groups), or null when it cannot be one. */
export function normalizeCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

export const hoursOf = (seconds: number) => Math.round(seconds / 360) / 10;
export const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;
/** The seconds of a strategy's video a certificate states: what the learner watched, as the server measured it. */
export const watchedSecondsOf = (s: CertificateStrategy) => s.watchedSeconds ?? s.durationSeconds;

/** Why a range cannot be certified, naming the field, or null. `today` is in the range's time zone. */
export function rangeRefusal(from: string, to: string, today: string): HttpError | null {
  if (from < EARLIEST_DAY) return badRequest(`body/from: The From date must be ${EARLIEST_DAY} or later`);
  if (to < from) return badRequest('body/to: The To date must be on or after the From date');
  if (to > today) return badRequest(`body/to: The To date must not be after today (${today})`);
  if (to > addYears(from, MAX_RANGE_YEARS)) return badRequest(`body/to: The To date must be at most ${MAX_RANGE_YEARS} years after the From date`);
  return null;
}

/** A certificate as the contract shows it, from what was stored when it was issued. */
export function certificateOf(row: CertificateRow, publicUrl: string): Schemas['Certificate'] {
  return {
    code: row.code,
    from: row.fromDate,
    to: row.toDate,
    timeZone: row.timeZone,
    hours: hoursOf(row.totalSeconds),
    strategies: row.strategies.map((s) => ({ title: s.title, completedAt: s.completedAt, minutes: minutesOf(watchedSecondsOf(s)) })),
    verifyUrl: `${publicUrl}/verify/${row.code}`,
    pdfUrl: `/api/profile/certificates/${row.code}/pdf`,
    issuedAt: row.issuedAt.toISOString(),
  };
}

type Deps = { certificates: CertificatesRepository; organizations: Pick<OrganizationsRepository, 'byId'>; limiter: Limiter; limited: boolean };

/** Issues certificates: checks the range, counts the completions, keeps them as issued. */
export function createCertificateIssuer({ certificates, organizations, limiter, limited }: Deps) {
  return async function issue(user: UserRow, request: { from: string; to: string; timeZone: string }): Promise<CertificateRow> {
    const { from, to, timeZone } = request;
    const refusal = rangeRefusal(from, to, localDate(clock.now(), timeZone));
    if (refusal) throw refusal;
    const strategies = await certificates.completedBetween(user.id, from, to, timeZone);
    if (!strategies.length) throw unprocessable('You completed no strategies in this period', 'NO_COMPLETED_STRATEGIES');
    if (limited && !(await limiter.take(`certificates:${user.id}`, 1, { limit: CERTIFICATES_PER_DAY, windowMs: DAY_MS }))) {
      throw new HttpError(429, 'RATE_LIMITED', 'Too many certificates today, please try again tomorrow');
    }
    const organization = user.organizationId ? await organizations.byId(user.organizationId) : undefined;
    const issued = {
      userId: user.id,
      educatorName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      organizationName: organization?.name ?? null,
      fromDate: from,
      toDate: to,
      timeZone,
      totalSeconds: strategies.reduce((sum, s) => sum + watchedSecondsOf(s), 0),
      strategies,
    };
    // 80 random bits do not collide in practice; should they, another code is drawn.
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await certificates.issue({ ...issued, code: newCertificateCode() });
      if (row) return row;
    }
    throw new Error('could not draw an unused certificate code');
  };
}
