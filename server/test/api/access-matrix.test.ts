import { Role, SitePermission } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createUser, grantAccess, signIn } from '../support/factories.ts';
import { ACCOUNT_CASES } from '../support/matrix/account-cases.ts';
import type { Cases, MatrixContext } from '../support/matrix/cases.ts';
import { CONNECTION_CASES } from '../support/matrix/connection-cases.ts';
import { CUSTOM_FIELD_CASES } from '../support/matrix/custom-field-cases.ts';
import { DUE_CASES } from '../support/matrix/due-cases.ts';
import { HANDOVER_CASES } from '../support/matrix/handover-cases.ts';
import { LABEL_CASES } from '../support/matrix/labels-cases.ts';
import { PASSKEY_CASES } from '../support/matrix/passkey-cases.ts';
import { PUBLIC_CALLS, routeTable } from '../support/matrix/public-calls.ts';
import { RACK_CASES } from '../support/matrix/rack-cases.ts';
import { runCase } from '../support/matrix/run.ts';
import { SEARCH_CASES } from '../support/matrix/search-cases.ts';
import { SESSION_CASES } from '../support/matrix/session-cases.ts';
import { SITE_CASES } from '../support/matrix/site-cases.ts';
import { SSO_CASES } from '../support/matrix/sso-cases.ts';
import { TAG_CASES } from '../support/matrix/tag-cases.ts';
import { TASK_CASES } from '../support/matrix/task-cases.ts';
import { TENANT_LOGO_CASES } from '../support/matrix/tenant-logo-cases.ts';
import { TOKEN_CASES } from '../support/matrix/token-cases.ts';
import { TWO_FACTOR_CASES } from '../support/matrix/two-factor-cases.ts';
import { WEBHOOK_CASES } from '../support/matrix/webhook-cases.ts';
import { siteWorld } from '../support/sites.ts';

/**
 * Issue 15, the authorization matrix generated from the route table: every call of the OpenAPI
 * description has a case saying which permission it needs, and each case is asked by every kind
 * of user. Those without a way to the object (another tenant, a role-1 user without access) get
 * 404, those below the permission 403, and no row changes; those at or above it pass. An external
 * Integrator holding Full Access on the site is asked too: it gets what the site tenant's Full
 * Access users get, minus access management, and none of tenant A's lists or users. A new route
 * without a case fails the first test; a case that opts out says why.
 */
const CASES: Cases = {
  ...SITE_CASES,
  ...CONNECTION_CASES,
  ...RACK_CASES,
  ...HANDOVER_CASES,
  ...LABEL_CASES,
  ...ACCOUNT_CASES,
  ...TENANT_LOGO_CASES,
  ...TOKEN_CASES,
  ...SEARCH_CASES,
  ...TAG_CASES,
  ...CUSTOM_FIELD_CASES,
  ...TASK_CASES,
  ...DUE_CASES,
  ...TWO_FACTOR_CASES,
  ...SESSION_CASES,
  ...SSO_CASES,
  ...PASSKEY_CASES,
  ...WEBHOOK_CASES,
};

let t: TestApp;
let c: MatrixContext;

beforeAll(async () => {
  // The webhook cases wait for their deliveries: this app's worker polls (the tests' default is none).
  t = await startTestApp({ WEBHOOK_POLL_SECONDS: '1' });
  const w = await siteWorld(t);
  const libraryAdmin = await createUser(t, { tenantId: 1, role: Role.LibraryAdmin });
  const externalFull = await createUser(t, { tenantId: w.b.id, role: Role.Integrator });
  await grantAccess(t, { siteId: w.sites.main.id, userId: externalFull.id, role: SitePermission.FullAccess });
  c = {
    t,
    w,
    libraryAdminToken: await signIn(t, libraryAdmin.email),
    externalFullToken: await signIn(t, externalFull.email),
  };
});
afterAll(() => t?.close());

describe('the access matrix', () => {
  it('has a case for every call of the route table but the public ones, and none for a call that is gone', () => {
    const calls = routeTable(t.app.swagger()).filter((key) => !(key in PUBLIC_CALLS));
    expect(
      calls.filter((key) => !(key in CASES)),
      'calls without a case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((key) => !calls.includes(key)),
      'cases without a call',
    ).toEqual([]);
  });

  for (const [key, rule] of Object.entries(CASES)) {
    it(key, () => runCase(c, key, rule));
  }
});
