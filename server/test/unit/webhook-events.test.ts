import { describe, expect, it } from 'vitest';
import { eventOf, payloadOf } from '../../src/modules/webhooks/events.ts';

describe('webhook events read off activity entries', () => {
  it.each([
    ['Device', 'created', 'device.created'],
    ['Device', 'updated', 'device.updated'],
    ['Device', 'moved_on_plan', 'device.updated'],
    ['Device', 'unarchived', 'device.updated'],
    ['Device', 'archived', 'device.archived'],
    ['Device', 'deleted', 'device.deleted'],
    ['Site', 'updated', 'site.updated'],
    ['Floor', 'created', 'floor.created'],
    ['Location', 'deleted', 'location.deleted'],
    ['Attachment', 'created', 'attachment.created'],
    ['SiteAccess', 'access_granted', 'access.granted'],
    ['SiteAccess', 'created', 'access.granted'],
    ['SiteAccess', 'updated', 'access.granted'],
    ['SiteAccess', 'access_revoked', 'access.revoked'],
    ['Ticket', 'created', 'ticket.created'],
    ['Ticket', 'updated', 'ticket.updated'],
    ['Ticket', 'replied', 'ticket.message'],
    ['Ticket', 'note_added', 'ticket.message'],
    ['Connection', 'deleted', 'connection.deleted'],
  ] as const)('%s %s is %s', (model, action, event) => {
    expect(eventOf(model, action)).toBe(event);
  });

  it.each([
    ['Secret', 'revealed'],
    ['Secret', 'updated'],
    ['User', 'updated'],
    ['Product', 'created'],
    ['Webhook', 'created'],
    ['SiteAccess', 'invitation_resent'],
  ] as const)('%s %s is no event', (model, action) => {
    expect(eventOf(model, action)).toBeNull();
  });

  it("carries the entry's changes as before and after, with the object and the actor", () => {
    const actor = { userId: 7, tenantId: 2, user: { fname: 'Ann', lname: 'Lee', email: 'ann@x.test' } };
    const payload = payloadOf(
      {
        objectModel: 'Device',
        objectId: 12,
        objectName: 'CAM-1',
        action: 'updated',
        note: 'Device updated',
        siteId: 3,
        tenantId: 2,
        changes: { name: { from: 'Old', to: 'New' }, note: { to: 'added' } },
      },
      'device.updated',
      2,
      actor as never,
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(payload).toEqual({
      id: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      type: 'device.updated',
      occurred_at: '2026-01-02T03:04:05.000Z',
      tenant_id: 2,
      site_id: 3,
      actor: { id: 7, name: 'Ann Lee' },
      data: {
        object: { type: 'device', id: 12, name: 'CAM-1' },
        before: { name: 'Old' },
        after: { name: 'New', note: 'added' },
      },
    });
  });
});
