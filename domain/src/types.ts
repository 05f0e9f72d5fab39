import type { MessageParams } from './i18n/messages.ts';

/**
 * Every error answer of the API: one toast per entry when it is a list. `code` has the same
 * shape as `error` (a stable code per message, which the web translates); `params` too, when
 * a message has parameters.
 */
export interface ApiErrorBody {
  error: string | string[];
  code: string | string[];
  params?: MessageParams | MessageParams[];
}
