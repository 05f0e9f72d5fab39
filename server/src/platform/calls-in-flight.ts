import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call waits on a password hash (sign-in, password set or change): not counted below. */
    hashesPassword?: boolean;
  }
}

let inFlight = 0;

/**
 * How many calls the server is answering, those that hash a password aside. The hash threads
 * rest between hashes while any is (platform/passwords.ts), so a storm of sign-ins takes only
 * part of the processors from everyone else's calls. One count per process, as the threads are.
 */
export const callsInFlight = () => inFlight;

export const callsInFlightPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.hashesPassword !== true) {
      inFlight++;
      // 'close' comes once for every response, sent or cut off by the client.
      reply.raw.once('close', () => inFlight--);
    }
    done();
  });
});
