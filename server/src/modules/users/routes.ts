import {
  changePasswordSchema,
  emailSchema,
  encodeMessage,
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
import { sessionFacts, sessionFactsSchema } from '../auth/session-facts.ts';
import { sendResetLink } from './credentials.ts';
import * as directory from './directory.ts';
import * as emailChange from './email-change.ts';
import * as people from './people.ts';
import * as users from './service.ts';

const userResponse = z.object({ user: userDtoSchema });
/** One's own account also shows the address waiting for confirmation (absent on other users). */
const meResponse = z.object({
  user: userDtoSchema.extend({ pending_email: z.string().nullable().optional() }),
});
const userListResponse = z.object({
  users: z.array(z.object({ id: z.number(), fname: z.string(), lname: z.string(), email: z.string() })),
});
const emailChangeBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: encodeMessage('password_required') })
    .min(1, encodeMessage('password_required')),
});
const emailConfirmBody = z.object({
  token: z.string({ error: encodeMessage('email_link_invalid') }).min(1, encodeMessage('email_link_invalid')),
});

export function userRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['users'];

    app.get(
      '/api/global/me',
      {
        schema: { tags, response: { 200: meResponse.extend(sessionFactsSchema.shape), ...errorResponses } },
      },
      async (request) => {
        const actor = requireActor(request.actor);
        const [user, facts] = await Promise.all([users.currentUser(ctx, actor), sessionFacts(ctx, actor)]);
        return { user, ...facts };
      },
    );

    app.put(
      '/api/global/me/language',
      { schema: { tags, body: languageBodySchema, response: { 200: meResponse, ...errorResponses } } },
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
          response: { 200: meResponse, ...errorResponses },
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
      {
        schema: {
          tags,
          description: 'The sharing pick list: for those who may share (role 2 and above, or Full Access).',
          response: { 200: userListResponse, ...errorResponses },
        },
      },
      async (request) => ({ users: await directory.userList(ctx, requireActor(request.actor)) }),
    );

    for (const scope of ['tenant', 'admin'] as const) {
      app.post(
        `/api/${scope}/users/send_reset_link`,
        {
          schema: {
            tags,
            description: 'The user card: mails the user a password reset link (role below the caller’s).',
            body: userIdQuerySchema,
            response: { 200: messageSchema, ...errorResponses },
          },
        },
        (request) => sendResetLink(ctx, requireActor(request.actor), scope, request.body.id),
      );
    }

    app.post(
      '/api/global/email/change',
      {
        config: { hashesPassword: true },
        schema: { tags, body: emailChangeBody, response: { 200: meResponse, ...errorResponses } },
      },
      async (request) => ({
        user: await emailChange.requestEmailChange(ctx, requireActor(request.actor), request.body),
      }),
    );

    app.post(
      '/api/global/email/confirm',
      {
        config: { public: true },
        schema: {
          tags,
          body: emailConfirmBody,
          response: { 200: z.object({ email: z.string() }), ...errorResponses },
        },
      },
      (request) => emailChange.confirmEmailChange(ctx, request.body.token),
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
