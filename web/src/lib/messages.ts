/** The domain's messages (error codes with parameters) in the reader's language. */
import { decodeMessage, type MessageParams } from '@asbuilt/domain';
import { i18n } from '../i18n/i18n.ts';

/** A server code in the reader's language; the server's English words for a code we don't know. */
export function translateCode(code: string, params: MessageParams | undefined, fallback: string): string {
  const key = `domain:error.${code}`;
  // Plural codes exist only with their count (`_one`, `_other`).
  if (!code || !i18n.exists(key, params ?? {})) return fallback;
  return i18n.t(key as 'domain:error.server_error', params ?? {});
}

/**
 * A validation message of a domain schema (a code with its parameters, see `encodeMessage`)
 * in the reader's language; any other text as it is.
 */
export function translateMessage(text: string | undefined): string | undefined {
  if (!text) return text;
  const decoded = decodeMessage(text);
  return decoded ? translateCode(decoded.code, decoded.params, text) : text;
}
