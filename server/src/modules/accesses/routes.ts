import {
  findUserResponseSchema,
  findUserSchema,
  findUsersSchema,
  inviteUserSchema,
  reinviteUserSchema,
  siteAccessCreateSchema,
  siteAccessIdQuerySchema,
  siteAccessListQuerySchema,
  siteAccessListResponseSchema,
  siteAccessResponseSchema,
  siteAccessUpdateSchema,
  userDtoSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, errorSchema, messageSchema } from '../../platform/http.ts';
import { inviteUser, reinviteUser } from './invitations.ts';
import { findUser, findUsers } from './lookup.ts';
import * as service from './service.ts';

const listedUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
});

/** Sharing a site: its accesses, the e-mail lookup, invitations. */
export function accessRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses, 409: errorSchema });
    const tags = ['site accesses'];

    app.get(
      '/api/site/site_accesses',
      {
        schema: { tags, querystring: siteAccessListQuerySchema, response: ok(siteAccessListResponseSchema) },
      },
      async (request) => ({
        site_accesses: await service.listAccesses(ctx, requireActor(request.actor), request.query.site_id),
      }),
    );
    app.post(
      '/api/site/site_accesses',
      { schema: { tags, body: siteAccessCreateSchema, response: ok(siteAccessResponseSchema) } },
      async (request) => ({
        site_access: await service.createAccess(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.put(
      '/api/site/site_accesses',
      { schema: { tags, body: siteAccessUpdateSchema, response: ok(siteAccessResponseSchema) } },
      async (request) => ({
        site_access: await service.updateAccess(ctx, requireActor(request.actor), request.body),
      }),
    );
    app.delete(
      '/api/site/site_accesses',
      { schema: { tags, querystring: siteAccessIdQuerySchema, response: ok(siteAccessResponseSchema) } },
      async (request) => ({
        site_access: await service.revokeAccess(ctx, requireActor(request.actor), request.query.id),
      }),
    );
    app.post(
      '/api/global/find_user',
      { schema: { tags, body: findUserSchema, response: ok(findUserResponseSchema) } },
      (request) => findUser(ctx, requireActor(request.actor), request.body),
    );
    app.post(
      '/api/global/find_users',
      {
        schema: { tags, body: findUsersSchema, response: ok(z.object({ users: z.array(listedUserSchema) })) },
      },
      async (request) => ({ users: await findUsers(ctx, requireActor(request.actor), request.body.users) }),
    );
    app.post(
      '/api/tenant/users/invite_user',
      { schema: { tags, body: inviteUserSchema, response: ok(z.object({ user: userDtoSchema })) } },
      async (request) => ({ user: await inviteUser(ctx, requireActor(request.actor), request.body) }),
    );
    app.post(
      '/api/tenant/users/reinvite_user',
      { schema: { tags, body: reinviteUserSchema, response: ok(messageSchema) } },
      (request) => reinviteUser(ctx, requireActor(request.actor), request.body),
    );
  };
}
