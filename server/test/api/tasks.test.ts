import { addInterval, isoDate, type TaskCompletionDto, type TaskDto } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, taskCompletions, tasks } from '../../src/db/schema.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDevice } from '../support/factories.ts';
import { errorList, expectAccessMatrix, logsOf, type SiteWorld, siteWorld } from '../support/sites.ts';

let t: TestApp;
let w: SiteWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await siteWorld(t);
}, 120_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.call(method, url, { token, body });

async function newTask(values: Partial<typeof tasks.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(tasks)
    .values({
      site_id: w.sites.main.id,
      device_id: w.device.id,
      title: 'Inspect',
      interval: 1,
      interval_unit: 'months',
      next_due_date: '2026-01-31',
      ...values,
    })
    .returning();
  return row!;
}

async function attachment(siteId: number, name = 'photo.jpg') {
  const [row] = await t.db
    .insert(attachments)
    .values({ site_id: siteId, url: `attachments/${name}`, filename: name, file_type: 'jpg' })
    .returning();
  return row!;
}

describe('tasks', () => {
  it('POST creates a task on a device for Contributors up, logs it on the device; another tenant 404', async () => {
    const answers = await expectAccessMatrix(w, 2, (token, user) =>
      call('POST', '/api/site/tasks', token, {
        site_id: w.sites.main.id,
        device_id: w.device.id,
        title: `Damper check by ${user}`,
        interval: 6,
        interval_unit: 'months',
        next_due_date: '2027-03-31',
        checklist: ['Open', 'Close'],
        assignee_id: w.users.reader.id,
      }),
    );
    expect(errorList(answers.other)).toEqual(['Site not found']);
    expect(answers.reader.json().code).toBe('site_access_too_low');
    const task = answers.contributor.json().task as TaskDto;
    expect(task).toMatchObject({
      site_id: w.sites.main.id,
      device_id: w.device.id,
      location_id: null,
      target_name: 'MAIN-001',
      title: 'Damper check by contributor',
      interval: 6,
      interval_unit: 'months',
      next_due_date: '2027-03-31',
      checklist: ['Open', 'Close'],
      assignee_id: w.users.reader.id,
      assignee_name: expect.any(String),
      closed_at: null,
      last_done_at: null,
    });
    const [log] = await logsOf(t, 'Task', task.id);
    expect(log).toMatchObject({ action: 'created', parent_model: 'Device', parent_id: w.device.id });
  });

  it('creates on a location or on the site itself, and refuses bad input with codes', async () => {
    const token = w.tokens.integrator;
    const base = {
      site_id: w.sites.main.id,
      title: 'Fire drill',
      interval_unit: 'years',
      next_due_date: '2027-01-15',
    };
    const onLocation = await call('POST', '/api/site/tasks', token, {
      ...base,
      location_id: w.locations.lobby.id,
    });
    expect(onLocation.statusCode).toBe(200);
    expect(onLocation.json().task).toMatchObject({
      location_id: w.locations.lobby.id,
      target_name: 'Lobby',
      interval: 1,
    });
    const onSite = await call('POST', '/api/site/tasks', token, { ...base, interval_unit: 'once' });
    expect(onSite.json().task).toMatchObject({ device_id: null, location_id: null, target_name: null });

    const refusals: [Record<string, unknown>, string][] = [
      [{ ...base, interval_unit: 'fortnights' }, 'field_one_of'],
      [{ ...base, next_due_date: '2027-02-30' }, 'field_not_date'],
      [{ ...base, next_due_date: undefined }, 'field_required'],
      [{ ...base, interval: 0 }, 'field_min'],
      [{ ...base, title: ' ' }, 'field_required'],
      [{ ...base, device_id: w.device.id, location_id: w.locations.lobby.id }, 'task_one_target'],
      [{ ...base, device_id: w.foreignDevice.id }, 'link_not_found'],
      [{ ...base, location_id: w.elsewhere.location.id }, 'link_not_found'],
      [{ ...base, assignee_id: w.users.noAccess.id }, 'task_assignee_unreachable'],
      [{ ...base, assignee_id: w.users.other.id }, 'task_assignee_unreachable'],
      [{ ...base, checklist: 'not a list' }, 'field_not_list'],
    ];
    for (const [body, code] of refusals) {
      const answer = await call('POST', '/api/site/tasks', token, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code, JSON.stringify(body)).toBe(code);
    }
  });

  it('GET lists a site, a device or a location for Readers up, soonest first, closed ones on request', async () => {
    const later = await newTask({ title: 'Later', next_due_date: '2030-05-01' });
    const sooner = await newTask({ title: 'Sooner', next_due_date: '2026-02-01' });
    const onLobby = await newTask({ device_id: null, location_id: w.locations.lobby.id, title: 'Lobby' });
    const closed = await newTask({ title: 'Closed', interval_unit: 'once', closed_at: new Date() });
    const answers = await expectAccessMatrix(w, 1, (token) =>
      call('GET', `/api/site/tasks?site_id=${w.sites.main.id}&device_id=${w.device.id}`, token),
    );
    const ids = (answers.reader.json().tasks as TaskDto[]).map((task) => task.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(onLobby.id);
    expect(ids).not.toContain(closed.id);
    const lobby = await call(
      'GET',
      `/api/site/tasks?site_id=${w.sites.main.id}&location_id=${w.locations.lobby.id}`,
      w.tokens.reader,
    );
    expect((lobby.json().tasks as TaskDto[]).map((task) => task.id)).toContain(onLobby.id);
    const all = await call(
      'GET',
      `/api/site/tasks?site_id=${w.sites.main.id}&include_closed=true`,
      w.tokens.reader,
    );
    expect((all.json().tasks as TaskDto[]).map((task) => task.id)).toContain(closed.id);
  });

  it('PUT changes a task for Contributors up, refuses a stale version, and reopens a closed task given a date', async () => {
    const task = await newTask();
    const answers = await expectAccessMatrix(w, 2, (token, user) =>
      call('PUT', '/api/site/tasks', token, { id: task.id, title: `Renamed by ${user}` }),
    );
    expect(errorList(answers.other)).toEqual(['Task not found']);
    const moved = await call('PUT', '/api/site/tasks', w.tokens.contributor, {
      id: task.id,
      location_id: w.locations.office.id,
      interval: 2,
      interval_unit: 'weeks',
    });
    expect(moved.json().task).toMatchObject({
      device_id: null,
      location_id: w.locations.office.id,
      interval: 2,
      interval_unit: 'weeks',
    });
    const stale = await call('PUT', '/api/site/tasks', w.tokens.contributor, {
      id: task.id,
      title: 'Stale',
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    const closed = await newTask({ interval_unit: 'once', closed_at: new Date() });
    const reopened = await call('PUT', '/api/site/tasks', w.tokens.contributor, {
      id: closed.id,
      next_due_date: '2027-06-01',
    });
    expect(reopened.json().task).toMatchObject({ closed_at: null, next_due_date: '2027-06-01' });
    const nothing = await call('PUT', '/api/site/tasks', w.tokens.contributor, { id: task.id });
    expect(nothing.json().code).toBe('nothing_to_change');
  });

  it('DELETE removes a task with its history for Contributors up and logs it', async () => {
    const made: Record<string, number> = {};
    const answers = await expectAccessMatrix(w, 2, async (token, user) => {
      made[user] = (await newTask({ title: `Gone ${user}` })).id;
      return call('DELETE', `/api/site/tasks?id=${made[user]}`, token);
    });
    expect(errorList(answers.other)).toEqual(['Task not found']);
    expect(await t.db.select().from(tasks).where(eq(tasks.id, made.contributor!))).toEqual([]);
    expect(await t.db.select().from(tasks).where(eq(tasks.id, made.reader!))).toHaveLength(1);
    const [, log] = [null, ...(await logsOf(t, 'Task', made.contributor!))].slice(-2);
    expect(log).toMatchObject({ action: 'deleted' });
  });

  it('done moves a monthly task from the day it was done (31 Jan → 28 Feb), keeps note, checklist and photo', async () => {
    const task = await newTask({ checklist: ['Filter', 'Belt'] });
    const photo = await attachment(w.sites.main.id);
    const answer = await call('POST', '/api/site/tasks/done', w.tokens.contributor, {
      id: task.id,
      done_at: '2026-01-31',
      note: 'All fine',
      checklist: [
        { item: 'Filter', done: true },
        { item: 'Belt', done: false },
      ],
      attachments: [photo.id],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { task: moved, completion } = answer.json() as { task: TaskDto; completion: TaskCompletionDto };
    expect(moved).toMatchObject({ next_due_date: '2026-02-28', last_done_at: '2026-01-31', closed_at: null });
    expect(completion).toMatchObject({
      task_id: task.id,
      done_at: '2026-01-31',
      note: 'All fine',
      previous_due_date: '2026-01-31',
      next_due_date: '2026-02-28',
      checklist: [
        { item: 'Filter', done: true },
        { item: 'Belt', done: false },
      ],
      user_id: w.users.contributor.id,
    });
    expect(completion.attachments.map((file) => file.id)).toEqual([photo.id]);
    const [, log] = await logsOf(t, 'Task', task.id).then((rows) => [null, rows.at(-1)]);
    expect(log).toMatchObject({ action: 'completed', site_id: w.sites.main.id });

    // Leap years: 29 Feb + 1 year is 28 Feb; a done day in a leap year reaches 29 Feb.
    const yearly = await newTask({ interval_unit: 'years', next_due_date: '2024-02-29' });
    const leap = await call('POST', '/api/site/tasks/done', w.tokens.contributor, {
      id: yearly.id,
      done_at: '2024-02-29',
    });
    expect(leap.json().task.next_due_date).toBe('2025-02-28');
    const toLeap = await newTask({ interval_unit: 'months', interval: 1, next_due_date: '2024-01-31' });
    const feb = await call('POST', '/api/site/tasks/done', w.tokens.contributor, {
      id: toLeap.id,
      done_at: '2024-01-31',
    });
    expect(feb.json().task.next_due_date).toBe('2024-02-29');
  });

  it('done without a day counts from today, and unticked checklist items are recorded as not done', async () => {
    const task = await newTask({ interval: 10, interval_unit: 'days', checklist: ['Look'] });
    const answer = await call('POST', '/api/site/tasks/done', w.tokens.integrator, { id: task.id });
    expect(answer.json().task.next_due_date).toBe(addInterval(isoDate(), 10, 'days'));
    expect(answer.json().completion.checklist).toEqual([{ item: 'Look', done: false }]);
  });

  it('done closes a once task; doing it again is 409; Readers 403; another tenant 404; bad input 400', async () => {
    const made: Record<string, number> = {};
    const answers = await expectAccessMatrix(w, 2, async (token, user) => {
      made[user] = (await newTask({ title: `Once ${user}`, interval_unit: 'once' })).id;
      return call('POST', '/api/site/tasks/done', token, { id: made[user], done_at: '2026-01-10' });
    });
    expect(errorList(answers.other)).toEqual(['Task not found']);
    expect(answers.contributor.json().task.closed_at).not.toBeNull();
    expect(answers.contributor.json().completion.next_due_date).toBeNull();
    const again = await call('POST', '/api/site/tasks/done', w.tokens.contributor, { id: made.contributor });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('task_closed');

    const task = await newTask();
    const foreignPhoto = await attachment(w.sites.foreign.id, 'theirs.jpg');
    const refusals: [Record<string, unknown>, string][] = [
      [{ id: task.id, done_at: '2999-01-01' }, 'task_done_in_future'],
      [{ id: task.id, done_at: 'yesterday' }, 'field_not_date'],
      [{ id: task.id, attachments: [foreignPhoto.id] }, 'attachment_other_site'],
      [{ id: task.id, checklist: [{ item: '', done: true }] }, 'field_required'],
    ];
    for (const [body, code] of refusals) {
      const answer = await call('POST', '/api/site/tasks/done', w.tokens.contributor, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe(code);
    }
    expect(await t.db.select().from(taskCompletions).where(eq(taskCompletions.task_id, task.id))).toEqual([]);
  });

  it('history lists the completions newest first for Readers up', async () => {
    const task = await newTask({ interval_unit: 'weeks' });
    await call('POST', '/api/site/tasks/done', w.tokens.contributor, {
      id: task.id,
      done_at: '2026-01-01',
      note: 'first',
    });
    await call('POST', '/api/site/tasks/done', w.tokens.contributor, {
      id: task.id,
      done_at: '2026-01-08',
      note: 'second',
    });
    const answers = await expectAccessMatrix(w, 1, (token) =>
      call('GET', `/api/site/tasks/history?id=${task.id}`, token),
    );
    expect(errorList(answers.other)).toEqual(['Task not found']);
    const history = answers.reader.json().completions as TaskCompletionDto[];
    expect(history.map((c) => [c.note, c.done_at, c.next_due_date])).toEqual([
      ['second', '2026-01-08', '2026-01-15'],
      ['first', '2026-01-01', '2026-01-08'],
    ]);
  });

  it('bulk adds one task per selected device in one transaction, all or none', async () => {
    const dampers = await Promise.all(
      [1, 2, 3].map((n) =>
        createDevice(t, { siteId: w.sites.main.id, productId: w.products.own.id, code: `FD-${n}` }),
      ),
    );
    const body = {
      site_id: w.sites.main.id,
      device_ids: dampers.map((d) => d.id),
      title: 'Damper test',
      interval: 1,
      interval_unit: 'years',
      next_due_date: '2027-04-01',
    };
    const answers = await expectAccessMatrix(w, 2, (token) =>
      call('POST', '/api/site/tasks/bulk', token, { ...body, device_ids: [dampers[0]!.id] }),
    );
    expect(errorList(answers.other)).toEqual(['Site not found']);
    const made = await call('POST', '/api/site/tasks/bulk', w.tokens.contributor, body);
    expect((made.json().tasks as TaskDto[]).map((task) => task.target_name).sort()).toEqual([
      'FD-1',
      'FD-2',
      'FD-3',
    ]);

    const before = await t.db.select().from(tasks).where(eq(tasks.title, 'Mixed'));
    const mixed = await call('POST', '/api/site/tasks/bulk', w.tokens.contributor, {
      ...body,
      title: 'Mixed',
      device_ids: [dampers[0]!.id, w.foreignDevice.id],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe('devices_not_found');
    expect(await t.db.select().from(tasks).where(eq(tasks.title, 'Mixed'))).toEqual(before);
    const empty = await call('POST', '/api/site/tasks/bulk', w.tokens.contributor, {
      ...body,
      device_ids: [],
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the new dates', () => {
  it('secrets take an expiry and a rotation period; the next rotation counts from the password change', async () => {
    const created = await call('POST', '/api/site/secrets', w.tokens.contributor, {
      site_id: w.sites.main.id,
      name: 'UPS web',
      password: 'pw',
      expires_at: '2027-05-01',
      rotate_every_days: 90,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().secret).toMatchObject({
      expires_at: '2027-05-01',
      rotate_every_days: 90,
      next_rotation_date: addInterval(isoDate(), 90, 'days'),
    });
    const id = created.json().secret.id as number;
    const cleared = await call('PUT', '/api/site/secrets', w.tokens.contributor, {
      id,
      expires_at: '',
      rotate_every_days: null,
    });
    expect(cleared.json().secret).toMatchObject({
      expires_at: null,
      rotate_every_days: null,
      next_rotation_date: null,
    });
    for (const [body, code] of [
      [{ expires_at: '2027-13-01' }, 'field_not_date'],
      [{ rotate_every_days: 0 }, 'field_min'],
      [{ rotate_every_days: 1.5 }, 'field_not_whole'],
    ] as const) {
      const answer = await call('PUT', '/api/site/secrets', w.tokens.contributor, { id, ...body });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe(code);
    }
    const noPassword = await call('POST', '/api/site/secrets', w.tokens.contributor, {
      site_id: w.sites.main.id,
      name: 'No password',
      rotate_every_days: 30,
    });
    expect(noPassword.json().secret).toMatchObject({
      rotate_every_days: 30,
      next_rotation_date: null,
      password_changed_at: null,
    });
  });

  it('products take an end of sale and of support, shown with the devices of the product', async () => {
    const answer = await call('PUT', '/api/tenant/products', w.tokens.integrator, {
      id: w.products.own.id,
      end_of_sale: '2027-01-01',
      end_of_support: '2030-12-31',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().product).toMatchObject({ end_of_sale: '2027-01-01', end_of_support: '2030-12-31' });
    const bad = await call('PUT', '/api/tenant/products', w.tokens.integrator, {
      id: w.products.own.id,
      end_of_sale: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    const device = await createDevice(t, {
      siteId: w.sites.main.id,
      productId: w.products.own.id,
      code: 'EOL-1',
    });
    const shown = await call('GET', `/api/site/devices?id=${device.id}`, w.tokens.reader);
    expect(shown.json().device.product).toMatchObject({
      end_of_sale: '2027-01-01',
      end_of_support: '2030-12-31',
    });
  });

  it('attachments take a validity date', async () => {
    const file = await attachment(w.sites.main.id, 'certificate.pdf');
    const answer = await call('PUT', '/api/global/attachments', w.tokens.contributor, {
      id: file.id,
      valid_until: '2027-09-30',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().attachment.valid_until).toBe('2027-09-30');
    const bad = await call('PUT', '/api/global/attachments', w.tokens.contributor, {
      id: file.id,
      valid_until: '30/09/2027',
    });
    expect(bad.json().code).toBe('field_not_date');
    const reader = await call('PUT', '/api/global/attachments', w.tokens.reader, {
      id: file.id,
      valid_until: null,
    });
    expect(reader.statusCode).toBe(403);
  });
});
