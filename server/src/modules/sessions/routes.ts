import {
  activeSessionsResponseSchema,
  sessionIdQuerySchema,
  sessionsRevokedSchema,
  signInConfirmationSchema,
} from '@asbuilt/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses, okSchema } from '../../platform/http.ts';
import { confirmationOf } from './confirmation.ts';
import * as service from './service.ts';

/** The profile's active sessions (issue 46): list, end one, end all the others; what confirms a change. */
export function sessionRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['sessions'];
    const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

    app.get(
      '/api/global/me/sessions',
      {
        schema: {
          tags,
          description:
            "The caller's active sessions, most recently used first: browser and system, address, started, last used, and which one made the call (`current`). Not with an API token.",
          response: ok(activeSessionsResponseSchema),
        },
      },
      (request) => service.listSessions(ctx, requireActor(request.actor)),
    );
    app.delete(
      '/api/global/me/sessions',
      {
        schema: {
          tags,
          description: "Ends one of the caller's sessions (404 for any other id). Not with an API token.",
          querystring: sessionIdQuerySchema,
          response: ok(okSchema),
        },
      },
      (request) => service.revokeOne(ctx, requireActor(request.actor), request.query.id),
    );
    app.delete(
      '/api/global/me/sessions/others',
      {
        schema: {
          tags,
          description:
            'Ends every active session of the caller but the one making the call; answers how many ended. Not with an API token.',
          response: ok(sessionsRevokedSchema),
        },
      },
      (request) => service.revokeOthers(ctx, requireActor(request.actor)),
    );
    app.get(
      '/api/global/me/sessions/confirmation',
      {
        schema: {
          tags,
          description:
            "What confirms a change to the caller's ways in (removing a passkey, turning two-factor sign-in off): `password`, or for an account without one `recent_sign_in`, with until when this session's sign-in counts (null: sign in again first).",
          response: ok(signInConfirmationSchema),
        },
      },
      (request) => confirmationOf(ctx, requireActor(request.actor)),
    );
  };
}
