import { randomUUID } from 'node:crypto';
import type { SecretDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import {
  attachments,
  contacts,
  ticketAttachments,
  tickets,
  ticketTimeEntries,
} from '../../../src/db/schema.ts';
import { nextTicketNumber } from '../../../src/modules/tickets/queries.ts';
import { createDevice, createUser, grantAccess } from '../factories.ts';
import { PDF, uploadFile } from '../files.ts';
import type { MatrixContext } from './cases.ts';
import { unique } from './cases.ts';

/**
 * Fresh targets on tenant A's site "Main" for the site cases: each builder call makes its own, so
 * a call that changes or deletes one never meets what the last user did to it. Rows nothing but
 * their own call needs are written straight to the database; those whose creation the server must
 * do (a sealed password, a verified upload) go through the API as the integrator.
 */

/** A device of "Main" (the library switch, status Planned, not placed). */
export const mainDevice = ({ t, w }: MatrixContext) =>
  createDevice(t, {
    siteId: w.sites.main.id,
    productId: w.products.library.id,
    code: unique('DEV').replace(' ', '-'),
    status: 'Planned',
  });

/** A verified upload in the attachments folder of "Main", not attached yet: its key. */
export const attachmentUpload = ({ t, w }: MatrixContext) =>
  uploadFile(
    t,
    w.tokens.integrator,
    { folder: 'attachments', filename: 'matrix.pdf', site_id: w.sites.main.id },
    PDF,
  );

/** A file attached to "Main" (its bytes are never read by the calls that use it). */
export async function mainAttachment({ t, w }: MatrixContext) {
  const [row] = await t.db
    .insert(attachments)
    .values({
      site_id: w.sites.main.id,
      user_id: w.users.integrator.id,
      url: `attachments/${w.sites.main.id}/${randomUUID()}.pdf`,
      filename: unique('File'),
      file_type: 'pdf',
      size: PDF.length,
    })
    .returning();
  return row!;
}

/** A shared (not private) secret of "Main" with a sealed password, made by the integrator. */
export async function mainSecret({ t, w }: MatrixContext): Promise<SecretDto> {
  const response = await t.call('POST', '/api/site/secrets', {
    token: w.tokens.integrator,
    body: { site_id: w.sites.main.id, name: unique('Secret'), password: 'Matrix-Pa55!' },
  });
  if (response.statusCode !== 200) throw new Error(`secret not created: ${response.body}`);
  return (response.json() as { secret: SecretDto }).secret;
}

/** A contact of "Main". */
export async function mainContact({ t, w }: MatrixContext) {
  const [row] = await t.db
    .insert(contacts)
    .values({ site_id: w.sites.main.id, fname: unique('Contact') })
    .returning();
  return row!;
}

/** An open ticket of "Main", opened by the integrator. */
export async function mainTicket({ t, w }: MatrixContext) {
  const [row] = await t.db
    .insert(tickets)
    .values({
      tenant_id: w.a.id,
      number: await nextTicketNumber(t.db, w.a.id),
      site_id: w.sites.main.id,
      subject: unique('Ticket'),
      assigner_id: w.users.integrator.id,
    })
    .returning();
  return row!;
}

/** A time entry of a fresh ticket of "Main". */
export async function mainTimeEntry(c: MatrixContext) {
  const ticket = await mainTicket(c);
  const [row] = await c.t.db
    .insert(ticketTimeEntries)
    .values({ ticket_id: ticket.id, user_id: c.w.users.integrator.id, minutes: 30 })
    .returning();
  await c.t.db.update(tickets).set({ total_time: 30 }).where(eq(tickets.id, ticket.id));
  return row!;
}

/** A fresh ticket of "Main" and a file of "Main"; `linked` links the file to the ticket. */
export async function ticketAndFile(c: MatrixContext, linked: boolean) {
  const ticket = await mainTicket(c);
  const file = await mainAttachment(c);
  if (linked) await c.t.db.insert(ticketAttachments).values({ ticket_id: ticket.id, attachment_id: file.id });
  return { ticket_id: ticket.id, attachment_id: file.id };
}

/** A user of tenant A without an access record (role 1: no way to "Main" yet). */
export const tenantUser = ({ t, w }: MatrixContext) => createUser(t, { tenantId: w.a.id });

/** A user of tenant A holding a Reader access on "Main" (the access row). */
export async function mainAccess({ t, w }: MatrixContext) {
  const user = await createUser(t, { tenantId: w.a.id });
  return grantAccess(t, { siteId: w.sites.main.id, userId: user.id, role: 1 });
}

/** An invited user of tenant A who has not signed up yet: inactive, with a Reader access on "Main". */
export async function mainInvitee({ t, w }: MatrixContext) {
  const user = await createUser(t, { tenantId: w.a.id, active: false, password: null });
  await grantAccess(t, { siteId: w.sites.main.id, userId: user.id, role: 1 });
  return user;
}

/** An address no user has. */
export const newEmail = () => `${unique('invitee').replace(' ', '-')}@example.test`;
