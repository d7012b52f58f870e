import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Lets a plugin act on the instance it is registered on rather than in a scope of its own (what
 * fastify-plugin does, without depending on it): headers, parsers and error handling must reach
 * the routes that every other plugin registers.
 */
export function appWide<O extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
}
