import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { isWrite, neverWithToken, PASSWORD_IN_BODY, routeKey, VAULT_CALLS } from './api-token-routes.ts';
import { forbidden, tooManyRequests } from './errors.ts';

const WINDOW_MS = 60_000;

/**
 * Counts one call of a token in its minute and says how many it has made: one upsert, in the
 * database like the sign-in limits, so every server instance shares the count (ARCHITECTURE.md,
 * scaling out). The row lock of the upsert puts concurrent calls in line.
 */
async function countCall(db: Db, tokenId: number) {
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `api_token:${tokenId}`, count: 1, reset_at: new Date(Date.now() + WINDOW_MS) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.reset_at} <= now() then 1 else ${rateLimits.count} + 1 end`,
        reset_at: sql`case when ${rateLimits.reset_at} <= now() then excluded.reset_at else ${rateLimits.reset_at} end`,
      },
    })
    .returning({ count: rateLimits.count, reset_at: rateLimits.reset_at });
  return row!;
}

function rateHeaders(reply: FastifyReply, limit: number, count: number, resetAt: Date) {
  const resetSeconds = Math.max(0, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  reply.header('RateLimit-Limit', String(limit));
  reply.header('RateLimit-Remaining', String(Math.max(0, limit - count)));
  reply.header('RateLimit-Reset', String(resetSeconds));
  return resetSeconds;
}

/**
 * What a call made with a personal API token may do (issue 45), after the auth plugin found its
 * actor: counted against the token's rate limit first (refused calls count too), then refused
 * when no token may make it, when it reveals a password without the vault scope, or when it
 * writes with a `read` token. Site limits are the policy's (policy.ts).
 */
export const apiTokenGate = fp(async (app: FastifyInstance, opts: { db: Db; limit: number }) => {
  app.addHook('onRequest', async (request, reply) => {
    const grant = request.actor?.apiToken;
    if (!grant) return;
    const { count, reset_at } = await countCall(opts.db, grant.id);
    const resetSeconds = rateHeaders(reply, opts.limit, count, reset_at);
    if (count > opts.limit) throw tooManyRequests('api_token_rate_limited', resetSeconds);
    const key = routeKey(request.method, request.routeOptions.url);
    if (neverWithToken(key)) throw forbidden('api_token_not_allowed');
    if (VAULT_CALLS.has(key) && !grant.vault) throw forbidden('api_token_vault_scope');
    if (grant.scope === 'read' && isWrite(key)) throw forbidden('api_token_read_only');
  });
  app.addHook('preValidation', async (request) => {
    if (!request.actor?.apiToken) return;
    if (!PASSWORD_IN_BODY.has(routeKey(request.method, request.routeOptions.url))) return;
    const password = (request.body as { password?: unknown } | null | undefined)?.password;
    if (password !== undefined && password !== null && password !== '') {
      throw forbidden('api_token_not_allowed');
    }
  });
});
