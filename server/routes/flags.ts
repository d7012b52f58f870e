import { readFile, stat } from 'node:fs/promises';
import { notFound } from '../errors.ts';
import { defineRoutes } from './types.ts';

export default defineRoutes('flags', ({ config }) => {
  let features: { mtimeMs: number; payload: { features: Record<string, unknown>; dateUpdated: Date } } | null = null;

  return {
    async getFeatures(request) {
      if (request.params.clientKey !== config.growthbook.clientKey) throw notFound('Unknown client key', 'UNKNOWN_CLIENT_KEY');
      const info = await stat(config.growthbook.featuresFile);
      if (!features || features.mtimeMs !== info.mtimeMs) {
        const parsed = JSON.parse(await readFile(config.growthbook.featuresFile, 'utf8')) as { features: Record<string, unknown> };
        features = { mtimeMs: info.mtimeMs, payload: { features: parsed.features, dateUpdated: info.mtime } };
      }
      return { status: 200, ...features.payload };
    },
  };
});
