import { cableLabelsSchema, deviceLabelsSchema } from '@asbuilt/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http.ts';
import { contentDisposition } from '../../platform/spreadsheet/http.ts';
import { printCableLabels } from './cables.ts';
import { printDeviceLabels } from './devices.ts';
import type { Pdf } from './sheet.ts';

const sendPdf = (reply: FastifyReply, file: { filename: string; pdf: Pdf }) =>
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(file.filename))
    .header('Cache-Control', 'no-store')
    .send(file.pdf);

/** QR labels for devices and cable labels, as PDF sheets (issue 42). */
export function labelRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['labels'];
    app.post(
      '/api/site/devices/labels',
      {
        schema: {
          tags,
          description:
            'A PDF of QR labels (the signed public device link, the code, the chosen `fields`) for the devices `ids`, or every device not archived of `floor_id`, `location_id` or the whole site (`all`): one of the four. `format` is one of L7651, L4732, 5160 (sheets), 62mm, 54x25 (one label a page); `start_at` (from 1) skips the used labels of a sheet.',
          body: deviceLabelsSchema,
          response: errorResponses,
        },
      },
      async (request, reply) =>
        sendPdf(reply, await printDeviceLabels(ctx, requireActor(request.actor), request.body)),
    );
    app.post(
      '/api/site/connections/labels',
      {
        schema: {
          tags,
          description:
            'A PDF of wrap-around cable labels: two per cable, one for each end, with the cable code, that end and the far end (device code · port, or the free label).',
          body: cableLabelsSchema,
          response: errorResponses,
        },
      },
      async (request, reply) =>
        sendPdf(reply, await printCableLabels(ctx, requireActor(request.actor), request.body)),
    );
  };
}
