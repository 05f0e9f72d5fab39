import { addInterval, isoDate } from '@asbuilt/domain';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/** A day `n` days from today (negative: in the past), as `YYYY-MM-DD`. */
export const inDays = (n: number) => addInterval(isoDate(), n, 'days');

export interface DueAnswer {
  items: Array<{
    kind: string;
    id: number;
    title: string;
    due_date: string;
    site_id: number;
    object_type: string;
    object_id: number;
    overdue: boolean;
    can_edit: boolean;
  }>;
  sites: Array<{ id: number; name: string }>;
}

/** A site's due list as `token` sees it (200 expected). */
export async function siteDue(t: TestApp, token: string, siteId: number, days = 30): Promise<DueAnswer> {
  const response = await t.call('GET', `/api/site/due?site_id=${siteId}&days=${days}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DueAnswer;
}

export async function tenantDue(t: TestApp, token: string, days = 30): Promise<DueAnswer> {
  const response = await t.call('GET', `/api/tenant/due?days=${days}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DueAnswer;
}

/** The `kind:id` keys of a list, for compact assertions. */
export const keysOf = (answer: DueAnswer) => answer.items.map((i) => `${i.kind}:${i.id}`);
