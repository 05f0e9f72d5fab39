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
import { requireActor } from '../../platform/actor.ts';
import type { CataloguePath } from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import { acceptSpreadsheets, spreadsheetRoutes } from '../../platform/spreadsheet/http.ts';
import { importSheet } from './catalogue-sheet.ts';
import * as service from './service.ts';
import { COMPANY_SHEET_COLUMNS, companyImport, exportCompanies } from './spreadsheet.ts';

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

    acceptSpreadsheets(fastify);
    spreadsheetRoutes(fastify, {
      base: '/api/admin/companies',
      tags,
      columns: COMPANY_SHEET_COLUMNS,
      exportFile: (actor) => exportCompanies(ctx, actor),
      importFile: (actor, data, dryRun) => importSheet(ctx, actor, data, dryRun, companyImport),
    });

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
