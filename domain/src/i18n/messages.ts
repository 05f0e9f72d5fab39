/**
 * A message is a stable code plus parameters; its words live in the catalogues (`domain:error.*`),
 * so the server answers English and the web shows the user's language. A `field` parameter is a
 * key of `domain:field.*`: the catalogue nests the label (`$t(domain:field.{{field}})`). A code
 * whose words depend on a number has plural forms (`code_one`, `code_other`) and a `count`.
 *
 * zod carries one string per issue, so a schema's message is the code, with its parameters as
 * JSON after a `|`: `field_required|{"field":"name"}`. `decodeMessage` reads that back.
 */
import { ENGLISH } from './catalogues.ts';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** `used_by_one` and `used_by_other` are the code `used_by`. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

export type ErrorCode = WithoutPlural<keyof typeof ENGLISH.error & string>;
export type FieldKey = keyof typeof ENGLISH.field;
export type MessageParams = Record<string, string | number>;

export interface Message {
  code: ErrorCode;
  params?: MessageParams;
}

const SEPARATOR = '|';

export function isErrorCode(code: unknown): code is ErrorCode {
  return (
    typeof code === 'string' &&
    (Object.hasOwn(ENGLISH.error, code) || Object.hasOwn(ENGLISH.error, `${code}_other`))
  );
}

export function isFieldKey(key: unknown): key is FieldKey {
  return typeof key === 'string' && Object.hasOwn(ENGLISH.field, key);
}

export function message(code: ErrorCode, params?: MessageParams): Message {
  return params ? { code, params } : { code };
}

/** The string a zod check carries for this message. */
export function encodeMessage(code: ErrorCode, params?: MessageParams): string {
  return params ? `${code}${SEPARATOR}${JSON.stringify(params)}` : code;
}

/** The message a zod issue carries, or null for text that is not one of ours (zod's own). */
export function decodeMessage(text: string): Message | null {
  const at = text.indexOf(SEPARATOR);
  const code = at < 0 ? text : text.slice(0, at);
  if (!isErrorCode(code)) return null;
  if (at < 0) return { code };
  try {
    const params: unknown = JSON.parse(text.slice(at + 1));
    if (params && typeof params === 'object' && !Array.isArray(params))
      return { code, params: params as MessageParams };
  } catch {
    // A code with unreadable parameters still names the problem.
  }
  return { code };
}
