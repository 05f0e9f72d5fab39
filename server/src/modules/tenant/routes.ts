import { tenantLogoInputSchema, tenantScopeQuerySchema, tenantSettingsResponseSchema } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { setLogo, tenantSettings } from './logo.ts';

/** The tenant's own settings: its logo, uploaded through an upload slot in the `logos` folder. */
export function tenantRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['tenant'];
    const response = { 200: tenantSettingsResponseSchema, ...errorResponses };

    app.get(
      '/api/tenant/settings',
      {
        schema: {
          tags,
          description: "The caller's tenant with a signed `logo_url` (a Super Admin may name `tenant_id`).",
          querystring: tenantScopeQuerySchema,
          response,
        },
      },
      async (request) => ({
        tenant: await tenantSettings(ctx, requireActor(request.actor), request.query.tenant_id),
      }),
    );
    app.put(
      '/api/tenant/logo',
      {
        schema: {
          tags,
          description:
            'Sets the logo printed on the handover packs (Integrator+): the key of a verified upload in the `logos` folder (PNG, JPEG or SVG).',
          body: tenantLogoInputSchema,
          response,
        },
      },
      async (request) => ({
        tenant: await setLogo(ctx, requireActor(request.actor), request.body.tenant_id, request.body.key),
      }),
    );
    app.delete(
      '/api/tenant/logo',
      {
        schema: {
          tags,
          description: 'Removes the logo (Integrator+).',
          querystring: tenantScopeQuerySchema,
          response,
        },
      },
      async (request) => ({
        tenant: await setLogo(ctx, requireActor(request.actor), request.query.tenant_id, null),
      }),
    );
  };
}
