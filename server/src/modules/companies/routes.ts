import {
  companiesIndexResponseSchema,
  companyCreateSchema,
  companyListResponseSchema,
  companyResponseSchema,
  companyUpdateSchema,
  idQuerySchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { CataloguePath } from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import {
  acceptSpreadsheets,
  importQuerySchema,
  MAX_IMPORT_BYTES,
  sendSpreadsheet,
} from '../../platform/spreadsheet/http.ts';
import * as service from './service.ts';
import { exportCompanies, importCompanies } from './spreadsheet.ts';

/** Companies (customers, brands, suppliers, contractors): the pick list, the tenant and admin calls. */
export function companyRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['companies'];
    const withConflict = { ...errorResponses, 409: errorSchema };

    app.get(
      '/api/global/company_list',
      { schema: { tags, response: { 200: companyListResponseSchema, ...errorResponses } } },
      (request) => service.companyList(ctx, requireActor(request.actor)),
    );

    // Companies.xlsx: files, not JSON, so registered without the type provider.
    acceptSpreadsheets(fastify);
    fastify.get(
      '/api/admin/companies/export',
      {
        schema: {
          tags,
          description:
            'Companies.xlsx: ID, Name, Code, Type, Customer, Brand, Supplier, Contractor, Tenant ID.',
          response: errorResponses,
        },
      },
      async (request, reply) =>
        sendSpreadsheet(reply, await exportCompanies(ctx, requireActor(request.actor))),
    );
    fastify.post(
      '/api/admin/companies/import',
      {
        bodyLimit: MAX_IMPORT_BYTES,
        schema: {
          tags,
          description:
            'The .xlsx as the body. Every row is checked first; with `dry_run` the report comes back and nothing is written; without it, any problem refuses the whole file (400, one message per problem naming its row and column).',
          querystring: importQuerySchema,
          response: errorResponses,
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('spreadsheet_unreadable');
        const { dry_run } = request.query as z.output<typeof importQuerySchema>;
        return importCompanies(ctx, requireActor(request.actor), request.body, dry_run);
      },
    );

    for (const path of ['tenant', 'admin'] as const satisfies CataloguePath[]) {
      const url = `/api/${path}/companies`;
      app.get(
        url,
        { schema: { tags, response: { 200: companiesIndexResponseSchema, ...errorResponses } } },
        (request) => service.companyIndex(ctx, requireActor(request.actor), path),
      );
      app.post(
        url,
        {
          schema: {
            tags,
            body: companyCreateSchema,
            response: { 200: companyResponseSchema, ...withConflict },
          },
        },
        async (request) => ({
          company: await service.createCompany(ctx, requireActor(request.actor), path, request.body),
        }),
      );
      app.put(
        url,
        {
          schema: {
            tags,
            body: companyUpdateSchema,
            response: { 200: companyResponseSchema, ...withConflict },
          },
        },
        async (request) => ({
          company: await service.updateCompany(ctx, requireActor(request.actor), path, request.body),
        }),
      );
      app.delete(
        url,
        {
          schema: {
            tags,
            querystring: idQuerySchema,
            response: { 200: companyResponseSchema, ...withConflict },
          },
        },
        async (request) => ({
          company: await service.deleteCompany(ctx, requireActor(request.actor), path, request.query.id),
        }),
      );
    }
  };
}
