import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AnswerBytes,
  answerSerializer,
  jsonDifference,
  jsonText,
  stringifyAnswer,
} from '../../src/platform/serializer.ts';

describe('stringifyAnswer', () => {
  it('writes JSON text parts as they are, and everything else as JSON.stringify does', () => {
    const answer = { devices: jsonText<unknown[]>(['[{"id":1}]']), products: [{ id: 2 }], left: undefined };
    expect(stringifyAnswer(answer)).toBe('{"devices":[{"id":1}],"products":[{"id":2}]}');
    expect(stringifyAnswer({ a: [1, null] })).toBe(JSON.stringify({ a: [1, null] }));
  });

  it('sends an answer with bytes among its pieces piece by piece, its length known, characters beyond ASCII intact', async () => {
    const kept = Buffer.from('[1,"Sous-sol, câble"],\n[2,"😀"]');
    const answer = { site: { name: 'Hôpital €' }, devices: jsonText<unknown[]>(['[', kept, ']']) };
    const written = stringifyAnswer(answer);
    if (!(written instanceof AnswerBytes)) throw new Error('expected the answer as bytes');
    const sent: Buffer[] = [];
    for await (const chunk of written) sent.push(chunk as Buffer);
    // The kept bytes go out as they are, not copied.
    expect(sent).toContain(kept);
    const whole = Buffer.concat(sent);
    expect(whole.length).toBe(written.byteLength);
    expect(whole.toString()).toBe(written.text());
    expect(JSON.parse(whole.toString())).toEqual({
      site: { name: 'Hôpital €' },
      devices: [
        [1, 'Sous-sol, câble'],
        [2, '😀'],
      ],
    });
  });
});

describe('jsonDifference', () => {
  it('ignores key order and finds the first place where two values differ', () => {
    expect(jsonDifference({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBeNull();
    expect(jsonDifference({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 3 }] })).toBe('$.b[1].c');
    expect(jsonDifference({ a: 1 }, { a: 1, extra: 'x' })).toBe('$.extra');
    expect(jsonDifference([1], [1, 2])).toBe('$.length');
  });
});

async function appAnswering(data: unknown, check: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(check));
  const schema = z.object({ user: z.object({ id: z.number(), name: z.string() }) });
  app.get('/', { schema: { response: { 200: schema } } }, () => data as z.infer<typeof schema>);
  await app.ready();
  return app;
}

describe('answerSerializer', () => {
  const leaking = { user: { id: 1, name: 'Ann', password_hash: 'secret' } };

  it('checking, fails an answer that carries a field its schema lacks instead of passing it on', async () => {
    const app = await appAnswering(leaking, true);
    const response = await app.inject('/');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
  });

  it('checking, passes an answer that is exactly its schema', async () => {
    const app = await appAnswering({ user: { id: 1, name: 'Ann' } }, true);
    expect((await app.inject('/')).json()).toEqual({ user: { id: 1, name: 'Ann' } });
  });

  it('not checking, writes the answer as built (which is why every test runs with the check)', async () => {
    const app = await appAnswering(leaking, false);
    expect((await app.inject('/')).json()).toEqual(leaking);
  });
});
