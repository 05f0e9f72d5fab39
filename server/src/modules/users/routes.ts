import { changePasswordSchema, languageBodySchema, profileSchema, userDtoSchema } from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, messageSchema } from '../../platform/http.ts';
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

    app.put(
      '/api/tenant/users',
      {
        schema: {
          tags,
          body: profileSchema.extend(languageBodySchema.partial().shape),
          response: { 200: userResponse, ...errorResponses },
        },
      },
      async (request) => ({
        user: await users.updateProfile(ctx, requireActor(request.actor), request.body),
      }),
    );

    app.post(
      '/api/tenant/users/change_password',
      { schema: { tags, body: changePasswordSchema, response: { 200: messageSchema, ...errorResponses } } },
      async (request) => {
        await users.changePassword(ctx, requireActor(request.actor), request.body);
        return { message: 'Password Changed' };
      },
    );
  };
}
