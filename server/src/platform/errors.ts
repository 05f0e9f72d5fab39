import { type ErrorCode, type Message, type MessageParams, message } from '@asbuilt/domain';
import { englishText } from './i18n.ts';

/**
 * Typed errors mapped to a status in one place (the error plugin). Services throw these; each
 * message is a code of `domain:error.*` with its parameters, one toast per message. The error
 * plugin answers the English words with the codes (`{ error, code, params }`).
 */
export class AppError extends Error {
  readonly messages: Message[];
  constructor(
    readonly status: number,
    messages: Message | Message[],
    readonly headers: Record<string, string> = {},
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.map(englishText).join('; '));
    this.messages = list;
  }
}

/** A code with its parameters, one message, or a list of messages (one per problem). */
export type Problem = ErrorCode | Message | Message[];

function messagesOf(problem: Problem, params?: MessageParams): Message | Message[] {
  return typeof problem === 'string' ? message(problem, params) : problem;
}

/** `badRequest('code', params)` or `badRequest([message('a'), message('b', { id })])`. */
export const badRequest = (problem: Problem, params?: MessageParams) =>
  new AppError(400, messagesOf(problem, params));
export const unauthorized = (problem: Problem = 'sign_in_required', params?: MessageParams) =>
  new AppError(401, messagesOf(problem, params));
export const forbidden = (problem: Problem = 'not_allowed', params?: MessageParams) =>
  new AppError(403, messagesOf(problem, params));
export const notFound = (problem: Problem = 'not_found', params?: MessageParams) =>
  new AppError(404, messagesOf(problem, params));
export const conflict = (problem: Problem, params?: MessageParams) =>
  new AppError(409, messagesOf(problem, params));
export const tooLarge = (problem: Problem, params?: MessageParams) =>
  new AppError(413, messagesOf(problem, params));
export const tooManyRequests = (problem: Problem, retryAfterSeconds: number, params?: MessageParams) =>
  new AppError(429, messagesOf(problem, params), {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
