import {
  loginAnswerSchema,
  ssoCallbackQuerySchema,
  ssoDiscoverResponseSchema,
  ssoEmailSchema,
  ssoExchangeSchema,
  ssoStartResponseSchema,
  tenantScopeQuerySchema,
  tenantSsoInputSchema,
  tenantSsoResponseSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { errorResponses, errorSchema, okSchema, requestMeta } from '../../platform/http.ts';
import { noticeSignIn } from '../sessions/sign-in-notice.ts';
import { rememberedToken } from '../two-factor/browsers.ts';
import { browserCookie, browserOf, clearedBrowserCookie } from './cookie.ts';
import * as flow from './flow.ts';
import * as settings from './settings.ts';

/** Single sign-on with OpenID Connect (issue 46): the tenant's settings and the sign-in's calls. */
export function ssoRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['sso'];
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.get(
      '/api/tenant/sso',
      {
        schema: {
          tags,
          description:
            "The tenant's single sign-on (Integrator+): provider, domains and rules; the client secret never, only `client_secret_set`.",
          querystring: tenantScopeQuerySchema,
          response: ok(tenantSsoResponseSchema),
        },
      },
      (request) => settings.ssoOf(ctx, requireActor(request.actor), request.query.tenant_id),
    );
    app.put(
      '/api/tenant/sso',
      {
        schema: {
          tags,
          description:
            "Sets the tenant's single sign-on (Integrator+). A blank `client_secret` keeps the stored one. A domain claimed by another tenant answers 409 `sso_domain_taken`.",
          body: tenantSsoInputSchema,
          response: { ...ok(tenantSsoResponseSchema), 409: errorSchema },
        },
      },
      (request) => {
        const { tenant_id, ...input } = request.body;
        return settings.setSso(ctx, requireActor(request.actor), tenant_id, input);
      },
    );
    app.delete(
      '/api/tenant/sso',
      {
        schema: {
          tags,
          description: "Removes the tenant's single sign-on and frees its domains (Integrator+).",
          querystring: tenantScopeQuerySchema,
          response: ok(okSchema),
        },
      },
      (request) => settings.removeSso(ctx, requireActor(request.actor), request.query.tenant_id),
    );

    app.post(
      '/api/global/sso/discover',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            "Whether an e-mail's domain signs in through its tenant's provider (the sign-in page's first step).",
          body: ssoEmailSchema,
          response: ok(ssoDiscoverResponseSchema),
        },
      },
      (request) => flow.discover(ctx, request.body.email),
    );
    app.post(
      '/api/global/sso/start',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            "The provider's authorization URL (code flow with PKCE, state and nonce) for the browser to open; sets a cookie binding the sign-in to this browser.",
          body: ssoEmailSchema,
          response: { ...ok(ssoStartResponseSchema), 502: errorSchema },
        },
      },
      async (request, reply) => {
        const { url, browser } = await flow.start(ctx, request.body.email, requestMeta(request));
        reply.header('Cache-Control', 'no-store');
        reply.header('Set-Cookie', browserCookie(browser, ctx.config.publicUrl));
        return { url };
      },
    );
    app.get(
      '/api/global/sso/callback',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            'Where the provider sends the browser back: redirects to the sign-in page with a single-use code (`?sso=`) or the refusal (`?sso_error=`).',
          querystring: ssoCallbackQuerySchema,
        },
      },
      async (request, reply) => {
        // The app's service worker turns on navigation preload: the browser asks for this address
        // twice, and drops the preload's answer for /api/ pages. Only its own request may spend the
        // single-use state.
        if (request.headers['service-worker-navigation-preload']) {
          reply.header('Cache-Control', 'no-store');
          return reply.code(204).send();
        }
        const rawQuery = request.url.split('?')[1] ?? '';
        let target: string;
        try {
          const code = await flow.callback(
            ctx,
            request.query,
            rawQuery,
            browserOf(request.headers.cookie),
            request.log,
          );
          target = `/login?${new URLSearchParams({ sso: code })}`;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          target = `/login?${new URLSearchParams({ sso_error: error.messages[0]?.code ?? 'sso_token_invalid' })}`;
        }
        reply.header('Set-Cookie', clearedBrowserCookie(ctx.config.publicUrl));
        reply.header('Cache-Control', 'no-store');
        return reply.redirect(`${ctx.config.publicUrl}${target}`, 303);
      },
    );
    app.post(
      '/api/admin/users/login/sso',
      {
        config: { public: true },
        schema: {
          tags,
          description:
            "Exchanges the callback's single-use code (valid a minute) for the sign-in's answer: `{ user, token }`, or the two-factor step as after a password.",
          body: ssoExchangeSchema,
          response: ok(loginAnswerSchema),
        },
      },
      async (request, reply) => {
        const answer = await flow.exchange(
          ctx,
          request.body.code,
          requestMeta(request),
          rememberedToken(request.headers.cookie),
        );
        if ('token' in answer) await noticeSignIn(ctx, request, reply, answer.user.id);
        return answer;
      },
    );
  };
}
