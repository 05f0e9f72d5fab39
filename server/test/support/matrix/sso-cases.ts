import { Role } from '@asbuilt/domain';
import { ssoDomains, tenantSso } from '../../../src/db/schema.ts';
import { ssoSecretBinding } from '../../../src/modules/sso/provider.ts';
import type { Cases, MatrixContext } from './cases.ts';
import { del, get, put } from './cases.ts';

const DOMAIN = 'matrix-sso.test';

/** Tenant A's single sign-on, set before each removal so that every allowed asker finds one. */
async function configured({ t, w }: MatrixContext) {
  await t.db
    .insert(tenantSso)
    .values({
      tenant_id: w.a.id,
      issuer: 'https://idp.example.com',
      client_id: 'asbuilt',
      client_secret_encrypted: t.ctx.vault.encrypt('matrix-secret', ssoSecretBinding(w.a.id)),
    })
    .onConflictDoNothing();
  await t.db.insert(ssoDomains).values({ domain: DOMAIN, tenant_id: w.a.id }).onConflictDoNothing();
}

/**
 * Single sign-on settings (issue 46): a tenant's Integrators, and the Super Admin for any tenant;
 * another tenant answers 404. Password sign-in stays allowed, for the later cases' sign-ins.
 */
export const SSO_CASES: Cases = {
  'GET /api/tenant/sso': {
    role: Role.Integrator,
    foreign: true,
    request: (c) => get(`/api/tenant/sso?tenant_id=${c.w.a.id}`),
  },
  'PUT /api/tenant/sso': {
    role: Role.Integrator,
    foreign: true,
    request: (c) =>
      put('/api/tenant/sso', {
        tenant_id: c.w.a.id,
        issuer: 'https://idp.example.com',
        client_id: 'asbuilt',
        client_secret: 'matrix-secret',
        domains: [DOMAIN],
        allow_password: true,
      }),
  },
  'DELETE /api/tenant/sso': {
    role: Role.Integrator,
    foreign: true,
    request: async (c) => {
      await configured(c);
      return del(`/api/tenant/sso?tenant_id=${c.w.a.id}`);
    },
  },
};
