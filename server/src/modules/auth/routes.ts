import {
  authResponseSchema,
  forgotPasswordSchema,
  inviteCheckResponseSchema,
  inviteCheckSchema,
  inviteSignUpSchema,
  loginAnswerSchema,
  loginAsSchema,
  loginSchema,
  resetPasswordSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, messageSchema, okSchema, requestMeta } from '../../platform/http.ts';
import { noticeSignIn } from '../sessions/sign-in-notice.ts';
import { rememberedToken } from '../two-factor/browsers.ts';
import { checkInvitation } from './invitation-check.ts';
import * as auth from './service.ts';

/** The answer to every forgot-password request (the specification's words, known address or not). */
const RESET_SENT = 'An email has been send to reset your password';

export function authRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    app.post(
      '/api/admin/users/login',
      {
        config: { public: true, hashesPassword: true },
        schema: { tags, body: loginSchema, response: { 200: loginAnswerSchema, ...errorResponses } },
      },
      async (request, reply) => {
        const answer = await auth.login(
          ctx,
          request.body,
          requestMeta(request),
          rememberedToken(request.headers.cookie),
        );
        if ('token' in answer) await noticeSignIn(ctx, request, reply, answer.user.id);
        return answer;
      },
    );

    app.post(
      '/api/admin/users/logout',
      { schema: { tags, response: { 200: okSchema } } },
      async (request) => {
        await auth.logout(ctx, requireActor(request.actor));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/users/loginas',
      { schema: { tags, body: loginAsSchema, response: { 200: authResponseSchema, ...errorResponses } } },
      (request) => auth.loginAs(ctx, requireActor(request.actor), request.body, requestMeta(request)),
    );

    app.post(
      '/api/global/password/forgot',
      {
        config: { public: true },
        schema: { tags, body: forgotPasswordSchema, response: { 200: messageSchema, ...errorResponses } },
      },
      async (request) => {
        await auth.forgotPassword(ctx, request.body.email, requestMeta(request));
        return { message: RESET_SENT };
      },
    );

    app.post(
      '/api/global/password/reset',
      {
        config: { public: true, hashesPassword: true },
        schema: { tags, body: resetPasswordSchema, response: { 200: loginAnswerSchema, ...errorResponses } },
      },
      async (request, reply) => {
        const answer = await auth.resetPassword(ctx, request.body, requestMeta(request));
        if ('token' in answer) await noticeSignIn(ctx, request, reply, answer.user.id);
        return answer;
      },
    );

    app.post(
      '/api/tenant/users/invite_sign_up',
      {
        config: { public: true, hashesPassword: true },
        schema: { tags, body: inviteSignUpSchema, response: { 200: loginAnswerSchema, ...errorResponses } },
      },
      async (request, reply) => {
        const answer = await auth.inviteSignUp(ctx, request.body, requestMeta(request));
        if ('token' in answer) await noticeSignIn(ctx, request, reply, answer.user.id);
        return answer;
      },
    );

    app.post(
      '/api/tenant/users/invite_check',
      {
        config: { public: true },
        schema: {
          tags,
          body: inviteCheckSchema,
          response: { 200: inviteCheckResponseSchema, ...errorResponses },
        },
      },
      (request) => checkInvitation(ctx, request.body, requestMeta(request)),
    );
  };
}
