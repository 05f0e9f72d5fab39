import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { actorForApiToken, isApiToken } from './api-tokens.ts';
import { unauthorized } from './errors.ts';
import { actorForToken } from './sessions.ts';

/**
 * Every /api call needs a live session unless its route says `config: { public: true }`:
 * secure by default, so a new route can't be left open by accident.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; idleHours: number }) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const apiToken = token !== undefined && isApiToken(token);
    if (token) {
      request.actor = apiToken
        ? await actorForApiToken(opts.db, token, request.ip)
        : await actorForToken(opts.db, token, opts.idleHours);
    }
    const isPublic = request.routeOptions.config?.public === true || !request.routeOptions.url;
    if (!isPublic && !request.actor) {
      throw unauthorized(apiToken ? 'api_token_invalid' : token ? 'session_ended' : 'sign_in_required');
    }
  });
});
