import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ORIGIN, type TestApp } from './app.ts';

/**
 * Watching a video as the app does: asking for it starts a play session (its answer carries the
 * session's id), and the player's events say which seconds the session covered.
 */
export type PlaySession = { id: string; durationSeconds: number; watched: [number, number][] };

/**
 * Asks for the item's video as `token`'s learner. `startedSecondsAgo` moves the session's start
 * back, as if the learner had been on the page that long (what the server measures claims by).
 */
export async function openVideo(t: TestApp, token: string, itemId: string, startedSecondsAgo = 0): Promise<PlaySession> {
  const res = await t.request(token, { method: 'GET', url: `/api/catalog/items/${itemId}/video` });
  expect(res.statusCode, res.body).toBe(200);
  const { playSession, durationSeconds } = res.json() as { playSession: { id: string; watched: [number, number][] }; durationSeconds: number };
  if (startedSecondsAgo) {
    await t.query(sql`update play_sessions set started_at = started_at - make_interval(secs => ${startedSecondsAgo}) where id = ${playSession.id}::uuid`);
  }
  return { ...playSession, durationSeconds };
}

export const videoEvent = (
  type: 'VIDEO_PLAYED' | 'VIDEO_PAUSED' | 'VIDEO_TIMEUPDATED',
  itemId: string,
  session: Pick<PlaySession, 'id'> | null,
  data: { watched?: number[][]; position?: number } = {},
  at = new Date(),
) => ({ id: randomUUID(), type, timeStamp: at.toISOString(), data: { catalogItemId: itemId, ...(session && { playSessionId: session.id }), ...data } });

export const sendEvents = (t: TestApp, token: string, events: object[]) =>
  t.app.inject({ method: 'POST', url: '/api/learner/events', headers: { origin: ORIGIN }, payload: { accessToken: token, data: events } });

/**
 * The learner watched the first `percent` of the item's video in a session opened an hour ago:
 * one VIDEO_TIMEUPDATED covering [0, percent of its length]. Returns the events' answer.
 */
export async function watchVideo(t: TestApp, token: string, itemId: string, percent: number, at = new Date()) {
  const session = await openVideo(t, token, itemId, 3600);
  const end = Math.round(((session.durationSeconds * percent) / 100) * 1000) / 1000;
  const res = await sendEvents(t, token, [videoEvent('VIDEO_TIMEUPDATED', itemId, session, { watched: [[0, end]], position: Math.round(end * 10) / 10 }, at)]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { accepted: number; rejected: number; results: { status: string; reason?: string }[] };
}
