/**
 * Typed errors mapped to a status in one place (the error plugin). Services throw these; the
 * message list is what the user sees, one toast per entry.
 */
export class AppError extends Error {
  readonly messages: string[];
  constructor(
    readonly status: number,
    message: string | string[],
    readonly headers: Record<string, string> = {},
  ) {
    const list = Array.isArray(message) ? message : [message];
    super(list.join('; '));
    this.messages = list;
  }
}

export const badRequest = (message: string | string[]) => new AppError(400, message);
export const unauthorized = (message = 'Please sign in') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const notFound = (what = 'Not found') => new AppError(404, what);
export const conflict = (message: string) => new AppError(409, message);
export const tooLarge = (message: string) => new AppError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
