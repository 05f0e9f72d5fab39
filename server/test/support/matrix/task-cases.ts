import { tasks } from '../../../src/db/schema.ts';
import type { TestApp } from '../app.ts';
import { type Cases, del, get, type MatrixContext, post, put, unique } from './cases.ts';

/** A fresh monthly task on the device of "Main", so an edit, a delete or a done never meets the last one's result. */
async function newTask(t: TestApp, c: MatrixContext) {
  const [task] = await t.db
    .insert(tasks)
    .values({
      site_id: c.w.sites.main.id,
      device_id: c.w.device.id,
      title: unique('Task'),
      interval: 1,
      interval_unit: 'months',
      next_due_date: '2026-01-31',
    })
    .returning();
  return task!;
}

const newBody = (c: MatrixContext) => ({
  site_id: c.w.sites.main.id,
  title: unique('Task'),
  interval: 3,
  interval_unit: 'months',
  next_due_date: '2027-01-31',
});

/** Maintenance tasks (issue 44): Readers list them and read their history; Contributors do the rest. */
export const TASK_CASES: Cases = {
  'GET /api/site/tasks': { site: 1, request: (c) => get(`/api/site/tasks?site_id=${c.w.sites.main.id}`) },
  'POST /api/site/tasks': {
    site: 2,
    request: (c) => post('/api/site/tasks', { ...newBody(c), device_id: c.w.device.id }),
  },
  'POST /api/site/tasks/bulk': {
    site: 2,
    request: (c) => post('/api/site/tasks/bulk', { ...newBody(c), device_ids: [c.w.device.id] }),
  },
  'PUT /api/site/tasks': {
    site: 2,
    request: async (c) =>
      put('/api/site/tasks', { id: (await newTask(c.t, c)).id, title: unique('Renamed') }),
  },
  'DELETE /api/site/tasks': {
    site: 2,
    request: async (c) => del(`/api/site/tasks?id=${(await newTask(c.t, c)).id}`),
  },
  'POST /api/site/tasks/done': {
    site: 2,
    request: async (c) => post('/api/site/tasks/done', { id: (await newTask(c.t, c)).id, note: 'Done' }),
  },
  'GET /api/site/tasks/history': {
    site: 1,
    request: async (c) => get(`/api/site/tasks/history?id=${(await newTask(c.t, c)).id}`),
  },
};
