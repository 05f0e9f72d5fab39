import {
  tagCreateSchema,
  tagDeleteQuerySchema,
  tagDeleteResponseSchema,
  tagListQuerySchema,
  tagResponseSchema,
  tagsResponseSchema,
  tagUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { createTag, deleteTag, listTags, updateTag } from './service.ts';

/** Tenant-wide tags (issue 43); objects carry them as `tags: [id]`. */
export function tagRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['tags'];

    app.get(
      '/api/tenant/tags',
      {
        schema: {
          tags,
          description:
            "The caller's tenant's tags with how many objects carry each (counted on the sites the caller reaches); with `site_id` (Reader+), the tags of the site's tenant counted on that site.",
          querystring: tagListQuerySchema,
          response: { 200: tagsResponseSchema, ...errorResponses },
        },
      },
      (request) => listTags(ctx, requireActor(request.actor), request.query),
    );
    app.post(
      '/api/tenant/tags',
      {
        schema: {
          tags,
          description:
            '`{ name, color? }`. With `site_id`: "type to create" while tagging, for users of the site\'s own tenant holding Contributor or above on it (external users create none). Without: from the tenant\'s settings, Integrator and above. A name is unique in its tenant whatever its case (409).',
          body: tagCreateSchema,
          response: { 200: tagResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ tag: await createTag(ctx, requireActor(request.actor), request.body) }),
    );
    app.put(
      '/api/tenant/tags',
      {
        schema: {
          tags,
          description: '`{ id, name?, color? }`: rename or recolour (Integrator of the tag’s tenant).',
          body: tagUpdateSchema,
          response: { 200: tagResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ tag: await updateTag(ctx, requireActor(request.actor), request.body) }),
    );
    app.delete(
      '/api/tenant/tags',
      {
        schema: {
          tags,
          description:
            'Deletes the tag and takes it off every device, site, location and file in one transaction (Integrator of the tag’s tenant).',
          querystring: tagDeleteQuerySchema,
          response: { 200: tagDeleteResponseSchema, ...errorResponses },
        },
      },
      (request) => deleteTag(ctx, requireActor(request.actor), request.query.id),
    );
  };
}
