import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call waits on a password hash (sign-in, password set or change): not counted below. */
    hashesPassword?: boolean;
  }
}

/**
 * How many calls the server is answering, those that hash a password aside. Work in the
 * background gives way while any is: the hash threads take the next hash only between calls
 * (platform/passwords.ts), so a storm of sign-ins takes only part of the processors from everyone
 * else's calls, and on PGlite a read of the handover pack starts between calls
 * (modules/handover/pdf/process.ts).
 */
let count = 0;

export const callsInFlight = () => count;

export const callsInFlightPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.hashesPassword !== true) {
      count += 1;
      // 'close' comes once for every response, sent or cut off by the client.
      reply.raw.once('close', () => {
        count -= 1;
      });
    }
    done();
  });
});
