import { Readable } from 'node:stream';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as checkingCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { gzipPieces, KeptBytes } from './gzip-pieces.ts';

/** A piece of JSON text: a string, or its UTF-8 bytes (kept ones with their gzip copy). */
export type JsonPiece = string | Buffer | KeptBytes;

const bytesOf = (piece: JsonPiece): Buffer =>
  typeof piece === 'string' ? Buffer.from(piece) : Buffer.isBuffer(piece) ? piece : piece.bytes;

/** The pieces' whole text (read back where answers are checked). */
const textOf = (pieces: readonly JsonPiece[]): string => Buffer.concat(pieces.map(bytesOf)).toString();

/**
 * A part of an answer already written as JSON text (a site's device list, built whole by the
 * database), in pieces: the serializer writes them as they are instead of parsing and writing the
 * text again, and pieces kept as bytes are not encoded again.
 */
export class JsonText {
  constructor(readonly pieces: readonly JsonPiece[]) {}

  get text(): string {
    return textOf(this.pieces);
  }
}

/** JSON text typed as the value it holds, so that an answer keeps the type of its schema. */
export function jsonText<T>(pieces: readonly JsonPiece[]): T {
  return new JsonText(pieces) as unknown as T;
}

function hasJsonText(data: unknown): data is Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return false;
  for (const value of Object.values(data)) if (value instanceof JsonText) return true;
  return false;
}

/** Bytes sent one chunk after another, their length known. */
class Chunks extends Readable {
  private next = 0;
  readonly byteLength: number;

  constructor(private readonly chunks: readonly Buffer[]) {
    super();
    this.byteLength = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  override _read(): void {
    this.push(this.next < this.chunks.length ? this.chunks[this.next++] : null);
  }
}

/**
 * An answer with pieces kept as bytes, sent piece by piece: a 5 MB device list kept as bytes is
 * neither copied into a new buffer nor encoded again on its way to the socket. (Copied into one
 * buffer, the list cost about 3 ms a call, most of it in the garbage collections that 5 MB of new
 * memory a call brought on.)
 */
export class AnswerBytes extends Chunks {
  readonly pieces: readonly (Buffer | KeptBytes)[];

  constructor(pieces: readonly JsonPiece[]) {
    const normal = pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece));
    super(normal.map(bytesOf));
    this.pieces = normal;
  }

  text(): string {
    return textOf(this.pieces);
  }
}

/** The codings answers are compressed in (app.ts), the caller's preference first. */
export const ANSWER_ENCODINGS: ('gzip' | 'deflate')[] = ['gzip', 'deflate'];

/**
 * Whether compression would answer this caller in gzip: the same negotiation as @fastify/compress
 * (`*` and `x-gzip` read as gzip; `x-no-compression` asks for none).
 */
function takesGzip(request: FastifyRequest): boolean {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string' || request.headers['x-no-compression'] !== undefined) return false;
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ANSWER_ENCODINGS) === 'gzip';
}

/**
 * Sends an `AnswerBytes` with its length. When compression would answer in gzip and the answer
 * holds kept bytes, its gzip body is put together here from their copy compressed once
 * (gzip-pieces.ts); compression (a hook of each route, so after this one) then leaves it as it
 * is, and compresses every other answer as before.
 */
export function sendAnswerBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  done(null, payload instanceof AnswerBytes ? answerBody(request, reply, payload) : payload);
}

function answerBody(request: FastifyRequest, reply: FastifyReply, payload: AnswerBytes): Readable {
  if (reply.hasHeader('content-encoding')) return payload;
  if (payload.pieces.some((piece) => piece instanceof KeptBytes) && takesGzip(request)) {
    const body = new Chunks(gzipPieces(payload.pieces));
    reply.header('vary', 'accept-encoding');
    reply.header('content-encoding', 'gzip');
    reply.header('content-length', body.byteLength);
    return body;
  }
  reply.header('content-length', payload.byteLength);
  return payload;
}

/** `JSON.stringify` of an answer whose top-level values may be `JsonText`. */
export function stringifyAnswer(data: unknown): string | AnswerBytes {
  if (!hasJsonText(data)) return JSON.stringify(data);
  const pieces: JsonPiece[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    pieces.push(`${pieces.length === 0 ? '{' : ','}${JSON.stringify(key)}:`);
    if (value instanceof JsonText) pieces.push(...value.pieces);
    else pieces.push(JSON.stringify(value));
  }
  pieces.push('}');
  if (pieces.every((piece) => typeof piece === 'string')) return pieces.join('');
  return new AnswerBytes(pieces);
}

/** The answer as plain values, `JsonText` parts read back: what a client receives. */
function plain(data: unknown): unknown {
  if (!hasJsonText(data)) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      value instanceof JsonText ? JSON.parse(value.text) : value,
    ]),
  );
}

/** Where two JSON values differ (key order aside), as a path, or null when they are the same. */
export function jsonDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (a === b) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return at;
  if (Array.isArray(a) !== Array.isArray(b)) return at;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}.length`;
    for (let i = 0; i < a.length; i++) {
      const found = jsonDifference(a[i], b[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    const found = jsonDifference(left[key], right[key], `${at}.${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * Answers are written with `JSON.stringify`, not checked row by row against their zod schema:
 * validating a 20,000-device list took longer than building it. The presenters build each answer
 * field by field, and `checkAnswers` (on outside production, so in every test) proves it: the
 * answer must come out of its schema unchanged, with no field the schema lacks and none the
 * schema would transform, else the call fails loudly.
 */
export function answerSerializer(checkAnswers: boolean): FastifySerializerCompiler<z.ZodType> {
  if (!checkAnswers) return () => asFastifyText(stringifyAnswer);
  return (route) => {
    const checked = checkingCompiler(route);
    return asFastifyText((data) => {
      const written = stringifyAnswer(data);
      const text = typeof written === 'string' ? written : written.text();
      const difference = jsonDifference(JSON.parse(checked(plain(data))), JSON.parse(text));
      if (difference) {
        throw new Error(`${route.method} ${route.url}: the answer differs from its schema at ${difference}`);
      }
      return written;
    });
  };
}

/**
 * Fastify sends a serializer's stream as it sends its text (`onSendEnd` pipes what has `pipe`),
 * but its types name only text.
 */
const asFastifyText = (serialize: (data: unknown) => string | AnswerBytes) =>
  serialize as (data: unknown) => string;
