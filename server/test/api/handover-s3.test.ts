import { Role } from '@asbuilt/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, handoverPacks } from '../../src/db/schema.ts';
import { zipDirectory } from '../../src/platform/spreadsheet/zip-read.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createSite, createTenant, createUser, signIn } from '../support/factories.ts';
import { PDF } from '../support/files.ts';
import { startS3 } from '../support/s3.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
let token: string;
let siteId: number;

beforeAll(async () => {
  s3 = await startS3();
  t = await startTestApp(s3.env, process.env.HANDOVER_DEBUG ? process.stderr : undefined);
  const tenant = await createTenant(t);
  siteId = (await createSite(t, tenant.id, 'Bucket Site')).id;
  token = await signIn(t, (await createUser(t, { tenantId: tenant.id, role: Role.Integrator })).email);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('handover packs on S3 storage', () => {
  it('streams the ZIP into the bucket, serves it through the signed link and deletes it with the pack', async () => {
    const key = `attachments/${siteId}/datasheet.pdf`;
    await t.ctx.storage.put(key, PDF, 'application/pdf');
    await t.db.insert(attachments).values({
      site_id: siteId,
      url: key,
      filename: 'Datasheet.pdf',
      original_filename: 'Datasheet.pdf',
      file_type: 'pdf',
      size: PDF.length,
    });
    const asked = await t.call('POST', '/api/site/handover', {
      token,
      body: { site_id: siteId, format: 'zip', sections: ['summary'] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { id } = asked.json() as { id: number };
    let pack:
      | { status: string; url: string | null; size: number | null; error_code: string | null }
      | undefined;
    for (let i = 0; i < 600 && !(pack?.status === 'done' || pack?.status === 'failed'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const listed = await t.call('GET', `/api/site/handover?site_id=${siteId}`, { token });
      pack = (listed.json().packs as Array<{ id: number } & typeof pack>).find((p) => p!.id === id);
    }
    expect(pack?.status, pack?.error_code ?? '').toBe('done');
    const file = await t.call('GET', pack!.url!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(pack!.size);
    expect(zipDirectory(file.rawPayload)!.map((entry) => entry.name)).toContain('Attachments/Datasheet.pdf');

    const [row] = await t.db.select().from(handoverPacks).where(eq(handoverPacks.id, id));
    expect(await t.ctx.storage.read(row!.storage_key!)).not.toBeNull();
    const deleted = await t.call('DELETE', `/api/site/handover?id=${id}`, { token });
    expect(deleted.statusCode).toBe(200);
    expect(await t.ctx.storage.read(row!.storage_key!)).toBeNull();
  });
});
