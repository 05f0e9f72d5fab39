import {
  customFieldCreateSchema,
  customFieldDeleteQuerySchema,
  customFieldDeleteResponseSchema,
  customFieldListQuerySchema,
  customFieldOrderSchema,
  customFieldResponseSchema,
  customFieldsResponseSchema,
  customFieldUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import {
  createCustomField,
  deleteCustomField,
  listCustomFields,
  orderCustomFields,
  updateCustomField,
} from './service.ts';

const WHO =
  'Managed by Integrators of the tenant, users of the tenant holding Full Access on one of its sites, and the Super Admin (who may name `tenant_id`).';

/** The tenant's custom fields (issue 43): definitions here, values on the objects themselves. */
export function customFieldRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['tenant'];
    const one = { 200: customFieldResponseSchema, ...errorResponses };

    app.get(
      '/api/tenant/custom_fields',
      {
        schema: {
          tags,
          description:
            "The caller's tenant's fields in order, each with how many objects hold a value. `site_id` answers the fields of that site's tenant to anyone who may read the site (an external user fills a site's forms with them); `applies_to` narrows to one kind.",
          querystring: customFieldListQuerySchema,
          response: { 200: customFieldsResponseSchema, ...errorResponses },
        },
      },
      (request) => listCustomFields(ctx, requireActor(request.actor), request.query),
    );
    app.post(
      '/api/tenant/custom_fields',
      {
        schema: {
          tags,
          description: `A new field: name, labels (en, fr, nl), type (text, number, date, boolean, choice, url), applies_to (devices, sites, locations), procat_ids (devices only), required, default, options (choice). ${WHO}`,
          body: customFieldCreateSchema,
          response: one,
        },
      },
      async (request) => ({
        custom_field: await createCustomField(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/tenant/custom_fields',
      {
        schema: {
          tags,
          description: `Changes a field; a rename keeps its values. A new type converts the values that fit, or answers 422 naming those that do not and writes nothing. ${WHO}`,
          body: customFieldUpdateSchema,
          response: one,
        },
      },
      async (request) => ({
        custom_field: await updateCustomField(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/tenant/custom_fields/order',
      {
        schema: {
          tags,
          description: `Every field of one kind, in the new order. ${WHO}`,
          body: customFieldOrderSchema,
          response: { 200: customFieldsResponseSchema, ...errorResponses },
        },
      },
      (request) => orderCustomFields(ctx, requireActor(request.actor), request.body),
    );
    app.delete(
      '/api/tenant/custom_fields',
      {
        schema: {
          tags,
          description: `Deletes a field. One that objects hold values of answers 409 (custom_field_has_values, with the count) unless \`force=true\`; the removal is logged. ${WHO}`,
          querystring: customFieldDeleteQuerySchema,
          response: { 200: customFieldDeleteResponseSchema, ...errorResponses },
        },
      },
      (request) =>
        deleteCustomField(ctx, requireActor(request.actor), request.query.id, request.query.force ?? false),
    );
  };
}
