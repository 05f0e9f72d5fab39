import {
  authResponseSchema,
  loginChallengeSchema,
  loginSetupConfirmSchema,
  loginTwoFactorSchema,
  recoveryCodesSchema,
  setupSignInSchema,
  tenantScopeQuerySchema,
  tenantTwoFactorPolicyResponseSchema,
  tenantTwoFactorPolicySchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorEnrolmentSchema,
  userIdQuerySchema,
  userTwoFactorStatusSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, okSchema, requestMeta } from '../../platform/http.ts';
import { noticeSignIn } from '../sessions/sign-in-notice.ts';
import * as admin from './admin.ts';
import { rememberCookie } from './browsers.ts';
import * as policy from './policy.ts';
import * as profile from './service.ts';
import * as signIn from './sign-in.ts';

/**
 * Two-factor sign-in with TOTP (issue 46): the profile's, the sign-in's, the admin's and the tenant's calls.
 * The answers with a secret or recovery codes set no caching of their own: the security-headers plugin
 * makes every API answer without one `no-store`.
 */
export function twoFactorRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['two-factor'];
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.post(
      '/api/global/me/2fa/totp',
      {
        schema: {
          tags,
          description: 'Starts enrolment: a new secret and its otpauth:// URI (issuer Asbuilt, the e-mail).',
          response: ok(twoFactorEnrolmentSchema),
        },
      },
      (request) => profile.enrol(ctx, requireActor(request.actor)),
    );
    app.post(
      '/api/global/me/2fa/totp/confirm',
      {
        schema: {
          tags,
          description: 'Turns two-factor sign-in on with a first code; answers ten recovery codes, once.',
          body: twoFactorCodeSchema,
          response: ok(recoveryCodesSchema),
        },
      },
      (request) => profile.confirm(ctx, requireActor(request.actor), request.body.code, request.ip),
    );
    app.delete(
      '/api/global/me/2fa',
      {
        schema: {
          tags,
          description:
            'Turns two-factor sign-in off: the password and a current code (or a recovery code). An account without a password (made by single sign-on) sends none: a sign-in within 10 minutes confirms instead, else 403 `recent_sign_in_required`.',
          body: twoFactorDisableSchema,
          response: ok(okSchema),
        },
      },
      (request) => profile.disable(ctx, requireActor(request.actor), request.body, request.ip),
    );
    app.post(
      '/api/global/me/2fa/recovery_codes',
      {
        schema: {
          tags,
          description: 'Ten new recovery codes in place of the old ones, for a current code.',
          body: twoFactorCodeSchema,
          response: ok(recoveryCodesSchema),
        },
      },
      (request) => profile.newRecoveryCodes(ctx, requireActor(request.actor), request.body.code, request.ip),
    );
    app.delete(
      '/api/global/me/2fa/browsers',
      {
        schema: {
          tags,
          description: 'Forgets every browser remembered for 30 days: each asks for a code again.',
          response: ok(okSchema),
        },
      },
      (request) => profile.forgetRememberedBrowsers(ctx, requireActor(request.actor)),
    );

    app.post(
      '/api/admin/users/login/2fa',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            'Exchanges the challenge of the password step, once and within 5 minutes, with a code or a recovery code for a session. `remember` sets a cookie that skips the code for 30 days.',
          body: loginTwoFactorSchema,
          response: ok(authResponseSchema),
        },
      },
      async (request, reply) => {
        const { answer, remembered } = await signIn.signInWithCode(ctx, request.body, requestMeta(request));
        if (remembered) reply.header('Set-Cookie', rememberCookie(remembered, ctx.config.publicUrl));
        await noticeSignIn(ctx, request, reply, answer.user.id);
        return answer;
      },
    );
    app.post(
      '/api/admin/users/login/2fa/setup',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            "Enrolment required by the tenant's policy, before any session: a secret for the setup challenge.",
          body: loginChallengeSchema,
          response: ok(twoFactorEnrolmentSchema),
        },
      },
      (request) => signIn.setupWithChallenge(ctx, request.body.challenge),
    );
    app.post(
      '/api/admin/users/login/2fa/setup/confirm',
      {
        config: { public: true },
        schema: {
          tags,
          description: 'Ends the required enrolment with a first code: the session and ten recovery codes.',
          body: loginSetupConfirmSchema,
          response: ok(setupSignInSchema),
        },
      },
      async (request, reply) => {
        const answer = await signIn.confirmSetupWithChallenge(ctx, request.body, requestMeta(request));
        await noticeSignIn(ctx, request, reply, answer.user.id);
        return answer;
      },
    );

    app.get(
      '/api/admin/users/2fa',
      {
        schema: {
          tags,
          description: 'Whether a user signs in with two factors (Super Admin).',
          querystring: userIdQuerySchema,
          response: ok(userTwoFactorStatusSchema),
        },
      },
      (request) => admin.userStatus(ctx, requireActor(request.actor), request.query.id),
    );
    app.post(
      '/api/admin/users/2fa/reset',
      {
        schema: {
          tags,
          description: "Turns a user's two-factor sign-in off (Super Admin): logged, and the user is mailed.",
          body: userIdQuerySchema,
          response: ok(okSchema),
        },
      },
      (request) => admin.resetUser(ctx, requireActor(request.actor), request.body.id),
    );

    app.get(
      '/api/tenant/two_factor',
      {
        schema: {
          tags,
          description: 'Whether the tenant requires two-factor sign-in of every user (Integrator+).',
          querystring: tenantScopeQuerySchema,
          response: ok(tenantTwoFactorPolicyResponseSchema),
        },
      },
      (request) => policy.policyOf(ctx, requireActor(request.actor), request.query.tenant_id),
    );
    app.put(
      '/api/tenant/two_factor',
      {
        schema: {
          tags,
          description:
            'Requires (or no longer requires) two-factor sign-in of every user of the tenant (Integrator+).',
          body: tenantTwoFactorPolicySchema.extend(tenantScopeQuerySchema.shape),
          response: ok(tenantTwoFactorPolicyResponseSchema),
        },
      },
      (request) =>
        policy.setPolicy(
          ctx,
          requireActor(request.actor),
          request.body.tenant_id,
          request.body.require_two_factor,
        ),
    );
  };
}
