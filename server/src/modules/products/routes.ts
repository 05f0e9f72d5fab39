import {
  idQuerySchema,
  productCreateSchema,
  productInlineEditSchema,
  productResponseSchema,
  productsIndexResponseSchema,
  productUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { CataloguePath } from '../../platform/catalogue.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema } from '../../platform/http.ts';
import { acceptSpreadsheets, spreadsheetRoutes } from '../../platform/spreadsheet/http.ts';
import { importSheet } from '../companies/catalogue-sheet.ts';
import { registerDatasheetRoutes } from './datasheetRoutes.ts';
import * as service from './service.ts';
import { exportProducts, PRODUCT_SHEET_COLUMNS, productImport } from './spreadsheet.ts';

const responses = (ok: typeof productResponseSchema | typeof productsIndexResponseSchema) => ({
  200: ok,
  ...errorResponses,
  409: errorSchema,
});

/**
 * The catalogue's products: the tenant calls (library and own products) and the admin calls
 * (status and tenant; every tenant for the Super Admin), plus the inline edit of one property.
 */
export function productRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['products'];

    acceptSpreadsheets(fastify);
    spreadsheetRoutes(fastify, {
      base: '/api/admin/products',
      tags,
      columns: PRODUCT_SHEET_COLUMNS,
      exportFile: (actor) => exportProducts(ctx, actor),
      importFile: (actor, data, dryRun) => importSheet(ctx, actor, data, dryRun, productImport),
    });

    for (const path of ['tenant', 'admin'] as const satisfies CataloguePath[]) {
      const url = `/api/${path}/products`;
      app.get(url, { schema: { tags, response: responses(productsIndexResponseSchema) } }, (request) =>
        service.productIndex(ctx, requireActor(request.actor), path),
      );
      app.post(
        url,
        { schema: { tags, body: productCreateSchema, response: responses(productResponseSchema) } },
        async (request) => ({
          product: await service.createProduct(ctx, requireActor(request.actor), path, request.body),
        }),
      );
      app.put(
        url,
        { schema: { tags, body: productUpdateSchema, response: responses(productResponseSchema) } },
        async (request) => ({
          product: await service.updateProduct(ctx, requireActor(request.actor), path, request.body),
        }),
      );
      app.delete(
        url,
        { schema: { tags, querystring: idQuerySchema, response: responses(productResponseSchema) } },
        async (request) => ({
          product: await service.deleteProduct(ctx, requireActor(request.actor), path, request.query.id),
        }),
      );
    }

    registerDatasheetRoutes(fastify, ctx);

    app.put(
      '/api/products',
      { schema: { tags, body: productInlineEditSchema, response: responses(productResponseSchema) } },
      async (request) => ({
        product: await service.inlineEditProduct(ctx, requireActor(request.actor), request.body),
      }),
    );
  };
}
