import { accessRefusal } from '../auth/enforce.ts';
import { EVENT_OPERATION, evidenceRefusal, POLICY } from '../auth/policy.ts';
import type { LearnerEventType } from '../contract.ts';
import type { StoredEvent } from '../repositories/progress.ts';
import { itemRefusal, timeRefusal, utcDay, watchRefusal, type EventVerdict, type Rejection } from '../services/learner-events.ts';
import { progressPatchOf } from '../services/progress.ts';
import type { Range } from '../services/watched.ts';
import { defineRoutes, principalOf } from './types.ts';
import { clock } from '../clock.ts';

const HOUR_MS = 3600 * 1000;
const VIDEO_EVENTS: ReadonlySet<LearnerEventType> = new Set(['VIDEO_PLAYED', 'VIDEO_PAUSED', 'VIDEO_TIMEUPDATED']);

export default defineRoutes('learner', ({ repos, limiter, config }) => {
  const { catalog, progress, billing } = repos;
  return {
    async getProgress(request) {
      const list = await progress.of(principalOf(request).user.id);
      return {
        catalogItemsProgress: list,
      };
    },

    // The beacon: its token (in the body) and its origin are checked by the policy. Each event is
    // evidence of an action and is judged as that action would be (services/learner-events.ts):
    // who may take it, on what item, when, and — for video — what watching can have produced.
    async recordLearnerEvents(request) {
      const { user } = principalOf(request);
      const now = clock.ms();
      // An id sent twice in one batch is stored once: its later copies are duplicates.
      const firstOf = new Map<string, number>();
      request.body.data.forEach((e, i) => firstOf.has(e.id) || firstOf.set(e.id, i));
      const events = request.body.data
        .filter((e, i) => firstOf.get(e.id) === i)
        .map((e) => ({ ...e, at: new Date(e.timeStamp) }))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      const itemIds = [...new Set(events.map((e) => e.data?.catalogItemId).filter((id): id is string => Boolean(id)))];
      const inSessions = events.some((e) => e.data?.playSessionId);
      const [targets, videoStates, sessions, paidRefusal] = await Promise.all([
        catalog.eventTargets(itemIds),
        progress.videoStates(user.id, itemIds),
        inSessions ? progress.playSessions(user.id) : [],
        accessRefusal(user, billing),
      ]);
      const granted = config.rateLimit.enabled
        ? await limiter.take(`events:${user.id}`, events.length, { limit: config.rateLimit.eventsPerUserPerHour, windowMs: HOUR_MS })
        : events.length;

      const verdicts = new Map<string, EventVerdict>();
      const toStore: StoredEvent[] = [];
      const watched = { sessions: new Map<string, Range[]>(), items: new Map<string, Range[]>() };
      const reject = (id: string, rejection: Rejection) => verdicts.set(id, { id, status: 'rejected', ...rejection });
      let budget = granted;

      for (const event of events) {
        const policy = POLICY[EVENT_OPERATION[event.type]];
        const refusal: Rejection | null =
          (budget <= 0 ? { reason: 'RATE_LIMITED', message: 'Too many events in the last hour' } : null) ??
          timeRefusal(event.at, now) ??
          asRejection(evidenceRefusal(policy, user)) ??
          ('access' in policy && policy.access ? asRejection(paidRefusal) : null) ??
          itemRefusal(event, targets);
        if (refusal) {
          reject(event.id, refusal);
          continue;
        }
        const itemId = event.data?.catalogItemId ?? null;
        // What the event counts for in streaks: the day the server hears of it, or within the
        // play session it belongs to (services/learner-events.ts watchRefusal).
        let creditedAt = new Date(now);
        const patch = progressPatchOf(event);
        if (itemId && VIDEO_EVENTS.has(event.type)) {
          const seconds = targets.get(itemId)!.videoSeconds!;
          const state = videoStates.get(itemId);
          const verdict = watchRefusal(
            { playSessionId: event.data?.playSessionId, watched: event.data?.watched, position: event.data?.position, at: event.at },
            { catalogItemId: itemId, seconds, watchedRanges: watched.items.get(itemId) ?? state?.watchedRanges ?? [] },
            sessions,
            now,
          );
          if ('reason' in verdict) {
            reject(event.id, verdict);
            continue;
          }
          creditedAt = verdict.creditedAt;
          if (verdict.session) {
            verdict.session.watched = verdict.sessionWatched;
            watched.sessions.set(verdict.session.id, verdict.sessionWatched);
            watched.items.set(itemId, verdict.itemWatched);
            patch.videoProgress = Math.max(state?.videoProgress ?? 0, verdict.percent);
          }
        }
        // A sign-in counts once a day, whatever a client sends, and on the day the server hears of it.
        const occurredAt = event.type === 'LEARNER_LOGIN' ? new Date(now) : event.at;
        if (event.type === 'LEARNER_LOGIN' && !(await progress.countLogin(user.id, utcDay(now)))) {
          reject(event.id, { reason: 'ALREADY_COUNTED_TODAY', message: "Today's sign-in is already counted" });
          continue;
        }
        budget -= 1;
        toStore.push({ id: event.id, type: event.type, occurredAt, creditedAt, catalogItemId: itemId, data: event.data ?? {}, progress: patch });
      }

      const fresh = await progress.recordEvents(user.id, toStore, watched);
      for (const e of toStore) verdicts.set(e.id, { id: e.id, status: fresh.has(e.id) ? 'accepted' : 'duplicate' });
      // Answered in the order they were sent; a repeated id, after its first, as a duplicate.
      const results = request.body.data.map((e, i): EventVerdict => (firstOf.get(e.id) === i ? verdicts.get(e.id)! : { id: e.id, status: 'duplicate' }));
      const count = (status: EventVerdict['status']) => results.filter((r) => r.status === status).length;
      if (count('rejected')) request.log.info({ rejected: count('rejected') }, 'learner events rejected');
      return { accepted: count('accepted'), duplicates: count('duplicate'), rejected: count('rejected'), results };
    },
  };
});

const asRejection = (error: { code: string; message: string } | null): Rejection | null => (error ? { reason: error.code, message: error.message } : null);
