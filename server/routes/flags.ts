import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { STREAM_HEARTBEAT_MS, type EvalRequest } from '../flags/features.ts';
import { defineRoutes } from './types.ts';

export default defineRoutes('flags', ({ config, features }) => {
  const known = (clientKey: string) => {
    if (clientKey !== config.growthbook.clientKey) throw notFound('Unknown client key', 'UNKNOWN_CLIENT_KEY');
  };

  return {
    async getFeatures(request) {
      known(request.params.clientKey);
      return { status: 200, ...(await features.read()) };
    },

    async evalFeatures(request) {
      known(request.params.clientKey);
      return { status: 200, ...(await features.evaluate(request.body as EvalRequest)) };
    },

    async streamFeatures(request, reply) {
      known(request.params.clientKey);
      await features.read();
      openStream(request, reply, features.subscribe);
    },
  };
});

/**
 * GrowthBook's update stream: an event `features-updated` whenever the features change (the SDK
 * fetches them again, evaluated or not), a comment every 25 s so proxies keep the connection, and
 * the end when the client leaves or the server stops (the SDK reconnects with backoff).
 */
function openStream(request: FastifyRequest, reply: FastifyReply, subscribe: (listener: { changed: () => void; end: () => void }) => () => void) {
  reply.hijack();
  const res = reply.raw;
  // Written as it happens: not compressed, not buffered by a proxy, kept by no cache.
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  res.write(': features\n\n');
  const heartbeat = setInterval(() => res.write(': alive\n\n'), STREAM_HEARTBEAT_MS);
  heartbeat.unref();
  let unsubscribe = () => {};
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    if (!res.writableEnded) res.end();
  };
  unsubscribe = subscribe({ changed: () => res.write(`event: features-updated\ndata: {}\n\n`), end });
  request.raw.on('close', end);
}
