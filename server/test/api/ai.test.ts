/**
 * The AI product generator against a local fake provider (an HTTP server on loopback speaking
 * the OpenAI-compatible and the Gemini protocols): a draft with the brand and category matched, a
 * reply in prose around the JSON, a reply without JSON, a provider error, a provider that doesn't
 * answer in time, and no key configured.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIBRARY_TENANT_ID, Role } from '@asbuilt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createCompany, createProcat, createUser, signIn } from '../support/factories.ts';

const PRODUCT = {
  name: 'Axis P3265-LVE Dome Camera',
  product_category: 'Security > Camera',
  product_model: 'P3265-LVE',
  product_url: 'https://www.axis.com/products/axis-p3265-lve',
  image: 'javascript:alert(1)',
  product_status: true,
  description: 'Outdoor dome camera, 1080p.',
  features: ['Lightfinder 2.0', 'IK10'],
  height: '107 mm',
  width: 165,
  depth: 165,
  weight: 1300,
  power: 'n/a',
  sku: '02328-001',
  upc: null,
  ean: '7331021070919',
  brand: 'axis communications',
};

/** What the fake answers, by the model asked for. */
function replyFor(model: string): string | null {
  if (model === 'good') return JSON.stringify(PRODUCT);
  if (model === 'prose')
    return `Sure! Here it is:\n\`\`\`json\n${JSON.stringify(PRODUCT)}\n\`\`\`\nAnything else?`;
  if (model === 'garbage') return 'I am not sure which product you mean {not json';
  return null;
}

let fake: Server;
let fakeUrl: string;
const prompts: string[] = [];

beforeAll(async () => {
  fake = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const gemini = /\/models\/([^:]+):generateContent/.exec(request.url ?? '');
      const parsed = JSON.parse(body || '{}');
      const model: string = gemini ? gemini[1]! : parsed.model;
      prompts.push(body);
      if (model === 'slow') return; // never answers
      if (model === 'broken') {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
        return;
      }
      const text = replyFor(model) ?? '';
      const answer = gemini
        ? { candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }] }
        : { choices: [{ message: { role: 'assistant', content: text } }] };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

async function appWith(env: Record<string, string>) {
  const t = await startTestApp({ AI_TIMEOUT_MS: '400', ...env });
  const admin = await signIn(
    t,
    (await createUser(t, { tenantId: LIBRARY_TENANT_ID, role: Role.SuperAdmin })).email,
  );
  const library = await signIn(
    t,
    (await createUser(t, { tenantId: LIBRARY_TENANT_ID, role: Role.LibraryAdmin })).email,
  );
  const brand = await createCompany(t, LIBRARY_TENANT_ID, {
    name: 'Axis Communications',
    brand: true,
    company_type: 'Brand',
  });
  const procat = await createProcat(t, LIBRARY_TENANT_ID, { main: 'Security', sub1: 'Camera' });
  return { t, admin, library, brand, procat };
}

const generate = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/admin/ai/product', { token, body });

describe('with an OpenAI-compatible provider', () => {
  let w: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    w = await appWith({
      AI_PROVIDER: 'openai',
      AI_API_KEY: 'test-key',
      AI_BASE_URL: `${fakeUrl}/v1`,
      AI_MODEL: 'good',
    });
  });
  afterAll(() => w?.t.close());

  it('answers a draft with the brand and category matched by name, unsafe URLs dropped, nothing saved', async () => {
    const response = await generate(w.t, w.admin, { brand: 'Axis', model: 'P3265-LVE', notes: 'outdoor' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().draft).toEqual({
      name: 'Axis P3265-LVE Dome Camera',
      product_model: 'P3265-LVE',
      product_url: 'https://www.axis.com/products/axis-p3265-lve',
      image_url: null,
      product_status: true,
      description: 'Outdoor dome camera, 1080p.',
      features: 'Lightfinder 2.0\nIK10',
      height: 107,
      width: 165,
      depth: 165,
      weight: 1300,
      power: null,
      sku: '02328-001',
      upc: null,
      ean: '7331021070919',
      brand_id: w.brand.id,
      brand_name: 'axis communications',
      procat_id: w.procat.id,
      category_name: 'Security > Camera',
    });
    const asked = JSON.parse(prompts.at(-1)!);
    expect(asked.messages[1].content).toContain('Axis P3265-LVE');
    expect(asked.messages[1].content).toContain('outdoor');
  });

  it('says it is configured, and to the Super Admin only', async () => {
    const status = await w.t.call('GET', '/api/admin/ai/status', { token: w.admin });
    expect(status.json()).toEqual({ configured: true, provider: 'openai', model: 'good' });
    expect(JSON.stringify(status.json())).not.toContain('test-key');
    expect((await w.t.call('GET', '/api/admin/ai/status', { token: w.library })).statusCode).toBe(403);
    expect((await generate(w.t, w.library, { brand: 'Axis', model: 'X' })).statusCode).toBe(403);
    expect(
      (await w.t.call('POST', '/api/admin/ai/product', { body: { brand: 'A', model: 'B' } })).statusCode,
    ).toBe(401);
  });

  it('refuses a request without brand or model', async () => {
    const response = await generate(w.t, w.admin, { brand: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toEqual(['field_required', 'field_required']);
  });
});

describe('provider failures', () => {
  const cases = [
    ['prose', 200, null],
    ['garbage', 502, 'ai_invalid_reply'],
    ['broken', 502, 'ai_failed'],
    ['slow', 504, 'ai_timeout'],
  ] as const;
  for (const [model, status, code] of cases) {
    it(`a provider that answers "${model}" gives ${status}${code ? ` ${code}` : ''}`, async () => {
      const w = await appWith({
        AI_PROVIDER: 'openai',
        AI_API_KEY: 'k',
        AI_BASE_URL: `${fakeUrl}/v1`,
        AI_MODEL: model,
      });
      try {
        const response = await generate(w.t, w.admin, { brand: 'Axis', model: 'P3265-LVE' });
        expect(response.statusCode, response.body).toBe(status);
        if (code) {
          expect(response.json().code).toBe(code);
          expect(response.json().error).toMatch(/^Error Creating product: /);
        } else {
          expect(response.json().draft.brand_id).toBe(w.brand.id);
        }
      } finally {
        await w.t.close();
      }
    });
  }
});

describe('with Gemini', () => {
  it('reads the draft through @google/genai', async () => {
    const w = await appWith({
      AI_PROVIDER: 'gemini',
      AI_API_KEY: 'g-key',
      AI_BASE_URL: fakeUrl,
      AI_MODEL: 'good',
    });
    try {
      const response = await generate(w.t, w.admin, { brand: 'Axis', model: 'P3265-LVE' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().draft).toMatchObject({
        name: 'Axis P3265-LVE Dome Camera',
        procat_id: w.procat.id,
      });
    } finally {
      await w.t.close();
    }
  });
});

describe('without a key', () => {
  it('says it is not configured and how to configure it', async () => {
    const w = await appWith({});
    try {
      expect((await w.t.call('GET', '/api/admin/ai/status', { token: w.admin })).json()).toEqual({
        configured: false,
        provider: null,
        model: null,
      });
      const response = await generate(w.t, w.admin, { brand: 'Axis', model: 'P3265-LVE' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toContain('AI_API_KEY');
    } finally {
      await w.t.close();
    }
  });
});
