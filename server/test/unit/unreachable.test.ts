import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../../src/db/unreachable.ts';

/** Which failures answer 503 "the database can't be reached" (error-plugin.ts). */

const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select 1'), { name: 'DrizzleQueryError', cause });
const postgres = (code: string, message = 'server said no') =>
  Object.assign(new Error(message), { severity: 'FATAL', code });

describe('isDatabaseUnreachable', () => {
  it('is true for a lost or refused connection of the database', () => {
    expect(isDatabaseUnreachable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(
      isDatabaseUnreachable(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
    expect(
      isDatabaseUnreachable(postgres('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnreachable(postgres('08006'))).toBe(true);
  });

  it('is false for the same socket errors from a mail or file server, and for input errors', () => {
    expect(
      isDatabaseUnreachable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('Connection closed'), { code: 'ESOCKET' }))).toBe(
      false,
    );
    expect(isDatabaseUnreachable(wrapped(postgres('23505', 'duplicate key')))).toBe(false);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});
