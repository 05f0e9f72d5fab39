import type { Random } from './random.ts';

/** Strings that have broken servers: injections, markup, odd Unicode, path tricks, huge ones. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '1; select pg_sleep(1)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '𝕬𝖘𝖇𝖚𝖎𝖑𝖙 🏢',
  'é'.repeat(300),
  'x'.repeat(70_000),
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, sent as text on purpose
  '${jndi:ldap://x}',
  'NaN',
  '-1',
  '1e309',
  '2147483648',
  '9007199254740993',
  '0x10',
  'true',
  'null',
  '[]',
  '{}',
  '2026-02-30',
  '2026-13-01T25:61:00Z',
  '=cmd|calc!A1',
  'constructor',
  '__proto__',
];

/** Numbers at the edges: zero, negatives, beyond PostgreSQL's integer, fractions, unsafe integers. */
export const HOSTILE_NUMBERS = [
  0,
  -1,
  -2147483649,
  2147483647,
  2147483648,
  9007199254740991,
  1e300,
  -1e300,
  0.5,
  1.000001,
  Number.MIN_VALUE,
];

/** Any JSON value, for a field that wants something else. */
export function anyValue(random: Random, depth = 0): unknown {
  switch (random.int(0, depth > 2 ? 4 : 6)) {
    case 0:
      return null;
    case 1:
      return random.pick(HOSTILE_STRINGS);
    case 2:
      return random.pick(HOSTILE_NUMBERS);
    case 3:
      return random.chance(0.5);
    case 4:
      return random.int(1, 40);
    case 5:
      return Array.from({ length: random.int(0, 3) }, () => anyValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(0, 3) }, () => [
          random.pick(['a', 'id', '__proto__', 'constructor', 'tenant_id', 'role', '']),
          anyValue(random, depth + 1),
        ]),
      );
  }
}
