/**
 * `multipart/form-data` bodies, parsed by a streaming multipart parser (@fastify/busboy) within the
 * request's body limit. Fields are converted as form fields are (their schema's types, bracketed
 * names, repeated names as arrays; a part sent as JSON, or declared so by `encoding.contentType`,
 * is parsed); file parts (a part with a filename) reach the handler as `UploadedFile`s it can
 * buffer or stream. Each part's content type is checked against the media type's
 * `encoding.contentType`. The validator sees each file as its name: JSON Schema describes binary
 * data as a string.
 */
import { Readable } from 'node:stream';
import BusboyModule, { type BusboyConstructor, type BusboyInstance } from '@fastify/busboy';
import { HttpError, type ProblemDetail } from '../../shared/errors.js';
import type { FormSpec } from '../../shared/spec.js';
import { collectParts, UploadedPart } from './parts.js';

export { contentTypeAllowed, UploadedPart } from './parts.js';

/** The parser's constructor (a CommonJS module: its default export is the function itself). */
const Busboy = ((BusboyModule as unknown as { default?: BusboyConstructor }).default ?? BusboyModule) as unknown as BusboyConstructor;

/** A file part of a multipart request read over node:http: its bytes as a Buffer, streamed as a Readable. */
export class UploadedFile extends UploadedPart {
  declare readonly data: Buffer;

  /** The bytes as a stream (for a handler that pipes them on). */
  stream(): Readable {
    return Readable.from([this.data]);
  }
}

export interface MultipartLimits {
  /** Bytes of the whole body (already enforced while reading) and so of any one part. */
  bodyLimit: number;
  /** Most parts in one body. */
  parts?: number;
}

/**
 * Parses a multipart body. Returns what the handler receives, what the validator checks (files as
 * their names), and the parts whose content type the contract's `encoding` refuses.
 */
export function parseMultipart(
  raw: Buffer,
  contentType: string,
  spec: FormSpec | undefined,
  limits: MultipartLimits,
): Promise<{ value: Record<string, unknown>; view: Record<string, unknown>; problems: ProblemDetail[] }> {
  return new Promise((resolve, reject) => {
    const fields: Array<[string, string, string]> = [];
    const files: Array<{ name: string; file: UploadedFile }> = [];
    let failed = false;
    const fail = (message: string): void => {
      if (failed) return;
      failed = true;
      reject(
        new HttpError(400, `multipart body is malformed: ${message}`, [{ in: 'body', pointer: '/', message: `is not valid multipart/form-data (${message})` }]),
      );
    };
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: { 'content-type': contentType },
        limits: { fieldSize: limits.bodyLimit, fileSize: limits.bodyLimit, parts: limits.parts ?? 1000, headerPairs: 100 },
      });
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err));
      return;
    }
    parser.on('field', (name: string, value: string, _nameTruncated: boolean, _valueTruncated: boolean, _encoding: string, mime: string) => {
      fields.push([name, value, mime]);
    });
    parser.on('file', (name: string, stream: Readable, filename: string, _encoding: string, mime: string) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => files.push({ name, file: new UploadedFile(name, filename, mime || 'application/octet-stream', Buffer.concat(chunks)) }));
      stream.on('error', (err: unknown) => fail(err instanceof Error ? err.message : String(err)));
    });
    parser.on('partsLimit', () => fail(`more than ${limits.parts ?? 1000} parts`));
    parser.on('error', (err: unknown) => fail(err instanceof Error ? err.message : String(err)));
    parser.on('finish', () => {
      if (failed) return;
      try {
        resolve(collect());
      } catch (err) {
        // A part nested past the JSON bound (a 400), or anything else: the request fails, the server does not.
        failed = true;
        reject(err);
      }
    });
    const collect = (): { value: Record<string, unknown>; view: Record<string, unknown>; problems: ProblemDetail[] } => collectParts(fields, files, spec);
    parser.end(raw);
  });
}
