import {
  authResponseSchema,
  passkeyAnswerSchema,
  passkeyIdQuerySchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  passkeySignInSchema,
} from '@asbuilt/domain';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, okSchema, requestMeta } from '../../platform/http.ts';
import { noticeSignIn } from '../sessions/sign-in-notice.ts';
import * as profile from './service.ts';
import * as signIn from './sign-in.ts';

/** Passkeys (WebAuthn, issue 46): the profile's calls and signing in with one. */
export function passkeyRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['passkeys'];
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.get(
      '/api/global/me/passkeys',
      {
        schema: {
          tags,
          description: "The signed-in user's passkeys: name, created, last used (never a key).",
          response: ok(passkeyListSchema),
        },
      },
      (request) => profile.list(ctx, requireActor(request.actor)),
    );
    app.post(
      '/api/global/me/passkeys/options',
      {
        schema: {
          tags,
          description:
            'WebAuthn registration options for a new passkey of the signed-in user (a challenge valid 5 minutes, once).',
          response: ok(passkeyOptionsSchema),
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return profile.registrationOptions(ctx, requireActor(request.actor));
      },
    );
    app.post(
      '/api/global/me/passkeys',
      {
        schema: {
          tags,
          description: "Registers a passkey with a name: the authenticator's answer to the options.",
          body: passkeyRegisterSchema,
          response: ok(passkeyAnswerSchema),
        },
      },
      (request) =>
        profile.register(ctx, requireActor(request.actor), {
          name: request.body.name,
          response: request.body.response as unknown as RegistrationResponseJSON,
        }),
    );
    app.put(
      '/api/global/me/passkeys',
      {
        schema: {
          tags,
          description: 'Renames a passkey.',
          body: passkeyRenameSchema,
          response: ok(passkeyAnswerSchema),
        },
      },
      (request) => profile.rename(ctx, requireActor(request.actor), request.body),
    );
    app.delete(
      '/api/global/me/passkeys',
      {
        schema: {
          tags,
          description:
            'Removes a passkey; takes the password, as turning two-factor sign-in off does. An account without a password (made by single sign-on) sends none: a sign-in within 10 minutes confirms instead, else 403 `recent_sign_in_required` (GET /api/global/me/sessions/confirmation says which).',
          querystring: passkeyIdQuerySchema,
          body: passkeyRemoveSchema,
          response: ok(okSchema),
        },
      },
      (request) => profile.remove(ctx, requireActor(request.actor), request.query.id, request.body.password),
    );

    app.post(
      '/api/admin/users/login/passkey/options',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            'WebAuthn options to sign in with a passkey, without a username (a challenge valid 5 minutes, once).',
          response: ok(passkeyOptionsSchema),
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return signIn.signInOptions(ctx, requestMeta(request));
      },
    );
    app.post(
      '/api/admin/users/login/passkey',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            "Signs in with a passkey: the authenticator's answer to the options opens a session. A passkey counts as two factors.",
          body: passkeySignInSchema,
          response: ok(authResponseSchema),
        },
      },
      async (request, reply) => {
        const answer = await signIn.signInWithPasskey(
          ctx,
          request.body.response as unknown as AuthenticationResponseJSON,
          requestMeta(request),
        );
        await noticeSignIn(ctx, request, reply, answer.user.id);
        return answer;
      },
    );
  };
}
