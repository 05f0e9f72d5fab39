import { randomUUID } from 'node:crypto';
import { fileExtension, type PublicReportInput, REPORT_PHOTO, Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import {
  attachments,
  devices,
  messages,
  sites,
  ticketAttachments,
  tickets,
  uploads,
} from '../../db/schema.ts';
import { createdFields, logActivity } from '../../platform/activity.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound, tooLarge } from '../../platform/errors.ts';
import { checkContent } from '../../platform/file-check.ts';
import { usersReachingSite } from '../../platform/policy.ts';
import type { Limit } from '../../platform/rate-limit.ts';
import { scopePrefix } from '../uploads/keys.ts';
import { sendTicketMails } from './mails.ts';
import { loadTicket, nextTicketNumber } from './queries.ts';

const WINDOW_MS = 60 * 60_000;
/** Reports per address and per device per hour: enough for a real fault, too few for a flood. */
export const REPORT_LIMITS = { perAddress: 5, perDevice: 10 } as const;

const byAddress = (ip: string): Limit => ({
  key: `public-report:ip:${ip}`,
  max: REPORT_LIMITS.perAddress,
  windowMs: WINDOW_MS,
  message: 'too_many_reports',
});
const byDevice = (deviceId: number): Limit => ({
  key: `public-report:device:${deviceId}`,
  max: REPORT_LIMITS.perDevice,
  windowMs: WINDOW_MS,
  message: 'too_many_reports',
});
/** Forged or stale links count against the address of the public device page. */
export const badLinks = (ip: string): Limit => ({
  key: `public-device:ip:${ip}`,
  max: 100,
  windowMs: 15 * 60_000,
  message: 'too_many_device_links',
});

/** The photo's bytes: a picture of an accepted type, no larger than the limit, whose content matches. */
async function checkPhoto(photo: NonNullable<PublicReportInput['photo']>) {
  const extension = fileExtension(photo.filename);
  if (!(REPORT_PHOTO.extensions as readonly string[]).includes(extension)) {
    throw badRequest('report_photo_type', { extensions: REPORT_PHOTO.extensions.join(', ') });
  }
  const data = Buffer.from(photo.data, 'base64');
  if (data.length === 0) throw badRequest('file_empty');
  if (data.length > REPORT_PHOTO.maxBytes) {
    throw tooLarge('file_too_large', { max: REPORT_PHOTO.maxBytes / (1024 * 1024) });
  }
  const check = await checkContent(extension, data, true);
  if (!check.ok) throw badRequest(check.reason);
  return { extension, data: check.data ?? data };
}

/** The staff told of a visitor report: the tenant's Integrators who reach the site, else its Building Owners. */
export async function staffOf(ctx: AppContext, site: { id: number; tenant_id: number }) {
  const own = (await usersReachingSite(ctx.db, site)).filter((u) => u.tenant_id === site.tenant_id);
  const integrators = own.filter((u) => u.role === Role.Integrator);
  return (integrators.length ? integrators : own.filter((u) => u.role === Role.BuildingOwner)).map(
    (u) => u.id,
  );
}

/**
 * POST /api/global/public/report (no session): a visitor's problem report for the device behind
 * a signed public hash. It opens a ticket (status new, type Problem, assigned to no one) on the
 * device's site, marked as a visitor report, with the description as its first message and the
 * photo linked as a file. Rate limited per address and per device. Nothing is mailed to the
 * address the visitor typed on reporting (it would let anyone send mail to anyone): only a staff
 * member's reply or closing does (visitor.ts), in the language kept as the first message's title.
 */
export async function publicReport(
  ctx: AppContext,
  input: PublicReportInput & { language?: string | null | undefined },
  ip: string,
) {
  const ids = ctx.deviceLinks.verify(input.hash);
  // A blocked address is refused whatever its link; a forged link counts a failure, a genuine one
  // takes a report of its address and of its device. Each count decides in the statement that
  // makes it, so exactly the allowed number pass however many arrive at once.
  if (ids) await ctx.limiter.assertOpen(badLinks(ip));
  const [device] = ids
    ? await ctx.db
        .select({ id: devices.id, code: devices.code, site: sites })
        .from(devices)
        .innerJoin(sites, eq(sites.id, devices.site_id))
        .where(eq(devices.id, ids.deviceId))
    : [];
  if (!device || device.site.id !== ids?.siteId) {
    await ctx.limiter.take(badLinks(ip));
    throw notFound('device_link_invalid');
  }
  await ctx.limiter.take(byAddress(ip), byDevice(device.id));
  const photo = input.photo ? await checkPhoto(input.photo) : null;
  const site = device.site;

  const key = photo
    ? `${scopePrefix({ folder: 'attachments', siteId: site.id })}${randomUUID()}.${photo.extension}`
    : null;
  if (photo && key)
    await ctx.storage.put(key, photo.data, `image/${photo.extension === 'jpg' ? 'jpeg' : photo.extension}`);
  try {
    const dto = await ctx.db.transaction(async (tx) => {
      const firstLine = input.description.split('\n')[0]!.trim();
      const subject = firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine;
      const values = {
        tenant_id: site.tenant_id,
        number: await nextTicketNumber(tx, site.tenant_id),
        site_id: site.id,
        device_id: device.id,
        ticket_status: 'new',
        priority: 'Low',
        ticket_type: 'Problem',
        subject,
        source: 'visitor',
        reporter_name: input.name,
        reporter_email: input.email,
      };
      const [ticket] = await tx.insert(tickets).values(values).returning();
      await tx.insert(messages).values({
        tenant_id: site.tenant_id,
        topic: 'visitor',
        title: input.language ?? null,
        body: input.description,
        messageable_type: 'Ticket',
        messageable_id: ticket!.id,
      });
      if (photo && key && input.photo) {
        await tx.insert(uploads).values({
          key,
          tenant_id: site.tenant_id,
          site_id: site.id,
          folder: 'attachments',
          filename: input.photo.filename.slice(0, 255),
          content_type: `image/${photo.extension}`,
          size: photo.data.length,
          verified_at: new Date(),
          attached_at: new Date(),
        });
        const [file] = await tx
          .insert(attachments)
          .values({
            site_id: site.id,
            url: key,
            filename: input.photo.filename.replace(/\.[^.]*$/, '').slice(0, 255) || input.photo.filename,
            original_filename: input.photo.filename.slice(0, 255),
            file_type: photo.extension,
            size: photo.data.length,
          })
          .returning();
        await tx.insert(ticketAttachments).values({ ticket_id: ticket!.id, attachment_id: file!.id });
      }
      await logActivity(tx, null, {
        objectModel: 'Ticket',
        objectId: ticket!.id,
        objectName: `#${ticket!.number} ${subject}`,
        action: 'created',
        note: 'Visitor Report',
        siteId: site.id,
        tenantId: site.tenant_id,
        parentModel: 'Site',
        parentId: site.id,
        parentName: site.name,
        changes: createdFields({
          subject,
          device_id: device.code,
          ticket_status: 'new',
          ticket_type: 'Problem',
          name: input.name,
          email: input.email,
        }),
      });
      return loadTicket(tx, ticket!.id);
    });
    await sendTicketMails(ctx, {
      kind: 'visitor',
      userIds: await staffOf(ctx, site),
      ticket: dto,
      author: input.name,
      body: input.description,
    });
    return { number: dto.number };
  } catch (error) {
    if (key) await ctx.storage.remove(key);
    throw error;
  }
}
