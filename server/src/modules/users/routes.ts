import {
  changePasswordSchema,
  languageBodySchema,
  profileSchema,
  userCreateSchema,
  userDetailResponseSchema,
  userDtoSchema,
  userIdQuerySchema,
  usersResponseSchema,
  userUpdateSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, messageSchema, parseBody } from '../../platform/http.ts';
import * as directory from './directory.ts';
import * as people from './people.ts';
import * as users from './service.ts';

const userResponse = z.object({ user: userDtoSchema });

export function userRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['users'];

    app.get(
      '/api/global/me',
      { schema: { tags, response: { 200: userResponse, ...errorResponses } } },
      async (request) => ({
        user: await users.currentUser(ctx, requireActor(request.actor)),
      }),
    );

    app.put(
      '/api/global/me/language',
      { schema: { tags, body: languageBodySchema, response: { 200: userResponse, ...errorResponses } } },
      async (request) => ({
        user: await users.updateLanguage(ctx, requireActor(request.actor), request.body.language),
      }),
    );

    /**
     * PUT /api/tenant/users: with the id of another user, the user card (role 2 and above);
     * without an id or with one's own, the profile form.
     */
    const profileBody = profileSchema.extend({
      ...languageBodySchema.partial().shape,
      // The user card on oneself sends no phones (absent keeps them), its role, state and password.
      phone1: userUpdateSchema.shape.phone1,
      phone2: userUpdateSchema.shape.phone2,
      role: userUpdateSchema.shape.role,
      user_status: userUpdateSchema.shape.user_status,
      password: userUpdateSchema.shape.password,
    });
    app.put(
      '/api/tenant/users',
      {
        schema: {
          tags,
          description: 'The profile form (no id, or one’s own) or the user card (another user’s id).',
          body: z.looseObject({ id: z.coerce.number().int().positive().optional() }),
          response: { 200: userResponse, ...errorResponses },
        },
      },
      async (request) => {
        const actor = requireActor(request.actor);
        const id = request.body.id;
        if (id !== undefined && id !== actor.userId) {
          return {
            user: await people.updateUser(ctx, actor, 'tenant', parseBody(userUpdateSchema, request.body)),
          };
        }
        return { user: await users.updateProfile(ctx, actor, parseBody(profileBody, request.body)) };
      },
    );

    app.put(
      '/api/admin/users',
      { schema: { tags, body: userUpdateSchema, response: { 200: userResponse, ...errorResponses } } },
      async (request) => ({
        user: await people.updateUser(ctx, requireActor(request.actor), 'admin', request.body),
      }),
    );

    for (const scope of ['tenant', 'admin'] as const) {
      app.get(
        `/api/${scope}/users`,
        {
          schema: {
            tags,
            description:
              'Without `id`: the users; with `id`: one user and the sites of the Access rights tab.',
            querystring: z.object({ id: z.coerce.number().int().positive().optional() }),
            response: { 200: z.union([usersResponseSchema, userDetailResponseSchema]), ...errorResponses },
          },
        },
        async (request) => {
          const actor = requireActor(request.actor);
          const { id } = request.query;
          return id === undefined
            ? { users: await directory.listUsers(ctx, actor, scope) }
            : directory.userDetail(ctx, actor, scope, id);
        },
      );
      app.post(
        `/api/${scope}/users`,
        { schema: { tags, body: userCreateSchema, response: { 200: userResponse, ...errorResponses } } },
        async (request) => ({
          user: await people.createUser(ctx, requireActor(request.actor), scope, request.body),
        }),
      );
      app.delete(
        `/api/${scope}/users`,
        {
          schema: {
            tags,
            querystring: userIdQuerySchema,
            response: { 200: messageSchema, ...errorResponses },
          },
        },
        (request) => people.deleteUser(ctx, requireActor(request.actor), scope, request.query.id),
      );
    }

    app.get(
      '/api/global/user_list',
      { schema: { tags, response: { 200: usersResponseSchema, ...errorResponses } } },
      async (request) => ({ users: await directory.userList(ctx, requireActor(request.actor)) }),
    );

    app.post(
      '/api/tenant/users/change_password',
      {
        config: { hashesPassword: true },
        schema: { tags, body: changePasswordSchema, response: { 200: messageSchema, ...errorResponses } },
      },
      async (request) => {
        await users.changePassword(ctx, requireActor(request.actor), request.body);
        return { message: 'Password Changed' };
      },
    );
  };
}
