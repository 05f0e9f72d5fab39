import {
  adminApiTokensQuerySchema,
  adminApiTokensResponseSchema,
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenIdQuerySchema,
  apiTokenPolicyInputSchema,
  apiTokenPolicyResponseSchema,
  apiTokensResponseSchema,
  tenantScopeQuerySchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, okSchema } from '../../platform/http.ts';
import { listAllTokens, revokeAnyToken } from './admin.ts';
import { readTokenPolicy, setTokenPolicy } from './policy.ts';
import { createToken, listOwnTokens, revokeOwnToken } from './service.ts';

/**
 * Personal API tokens (issue 45): one's own on the profile page, every token for the Super Admin,
 * and the tenant's rule on expiry. Which calls a token may make is api-token-routes.ts's.
 */
export function apiTokenRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['tokens'];
    const ok = { 200: okSchema, ...errorResponses };

    app.get(
      '/api/global/me/tokens',
      { schema: { tags, response: { 200: apiTokensResponseSchema, ...errorResponses } } },
      async (request) => ({ tokens: await listOwnTokens(ctx, requireActor(request.actor)) }),
    );
    app.post(
      '/api/global/me/tokens',
      {
        schema: {
          tags,
          description:
            'Answers `{ id, token }`: the only time the token is shown. Not with a token, nor in a login-as session.',
          body: apiTokenCreateSchema,
          response: { 200: apiTokenCreatedSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return createToken(ctx, requireActor(request.actor), request.body);
      },
    );
    app.delete(
      '/api/global/me/tokens',
      { schema: { tags, querystring: apiTokenIdQuerySchema, response: ok } },
      async (request) => {
        await revokeOwnToken(ctx, requireActor(request.actor), request.query.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/tokens',
      {
        schema: {
          tags,
          description: 'Every live token of every tenant, with its owner (Super Admin).',
          querystring: adminApiTokensQuerySchema,
          response: { 200: adminApiTokensResponseSchema, ...errorResponses },
        },
      },
      (request) => listAllTokens(ctx, requireActor(request.actor), request.query),
    );
    app.delete(
      '/api/admin/tokens',
      { schema: { tags, querystring: apiTokenIdQuerySchema, response: ok } },
      async (request) => {
        await revokeAnyToken(ctx, requireActor(request.actor), request.query.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/tenant/token_policy',
      {
        schema: {
          tags,
          querystring: tenantScopeQuerySchema,
          response: { 200: apiTokenPolicyResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        policy: await readTokenPolicy(ctx, requireActor(request.actor), request.query.tenant_id),
      }),
    );
    app.put(
      '/api/tenant/token_policy',
      {
        schema: {
          tags,
          description: 'Whether the tenant forbids tokens without expiry (Integrator+).',
          body: apiTokenPolicyInputSchema,
          response: { 200: apiTokenPolicyResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        policy: await setTokenPolicy(
          ctx,
          requireActor(request.actor),
          request.body.tenant_id,
          request.body.require_expiry,
        ),
      }),
    );
  };
}
