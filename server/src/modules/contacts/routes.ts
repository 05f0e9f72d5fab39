import {
  contactCreateSchema,
  contactIdQuerySchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactResponseSchema,
  contactUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import * as service from './service.ts';
import { contactsVcard } from './vcard.ts';

/** Contacts of a site, and their export as a vCard file. */
export function contactRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['contacts'];
    app.get(
      '/api/site/contacts',
      {
        schema: {
          tags,
          querystring: contactListQuerySchema,
          response: { 200: contactListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        contacts: (await service.listContacts(ctx, requireActor(request.actor), request.query.site_id))
          .contacts,
      }),
    );
    app.post(
      '/api/site/contacts',
      {
        schema: {
          tags,
          body: contactCreateSchema,
          response: { 200: contactResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        contact: await service.createContact(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/site/contacts',
      {
        schema: {
          tags,
          body: contactUpdateSchema,
          response: { 200: contactResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        contact: await service.updateContact(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.delete(
      '/api/site/contacts',
      {
        schema: {
          tags,
          querystring: contactIdQuerySchema,
          response: { 200: z.object({ id: z.number() }), ...errorResponses },
        },
      },
      (request) => service.deleteContact(ctx, requireActor(request.actor), request.query.id),
    );
    // A file, not JSON.
    fastify.get(
      '/api/site/contacts/export',
      {
        schema: {
          tags,
          description: 'The site’s contacts as a vCard 3.0 file.',
          querystring: contactListQuerySchema,
        },
      },
      async (request, reply) => {
        const query = request.query as { site_id: number };
        const { site, contacts } = await service.listContacts(
          ctx,
          requireActor(request.actor),
          query.site_id,
        );
        const name = `${site.name} contacts.vcf`;
        return reply
          .header('Content-Type', 'text/vcard; charset=utf-8')
          .header(
            'Content-Disposition',
            `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          )
          .send(contactsVcard(contacts));
      },
    );
  };
}
