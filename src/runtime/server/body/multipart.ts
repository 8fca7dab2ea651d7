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
import type { FormEncoding, FormSpec } from '../../shared/spec.js';
import { formBody } from './form.js';
import { parseJsonOr } from './json-text.js';

/** The parser's constructor (a CommonJS module: its default export is the function itself). */
const Busboy = ((BusboyModule as unknown as { default?: BusboyConstructor }).default ?? BusboyModule) as unknown as BusboyConstructor;

/** A file part of a multipart request. */
export class UploadedFile {
  constructor(
    /** The form field it was sent as. */
    readonly field: string,
    /** The file name the client gave (never a path: directories are dropped). */
    readonly filename: string,
    /** The part's content type (application/octet-stream when the client named none). */
    readonly contentType: string,
    /** The part's bytes (within the request's body limit). */
    readonly data: Buffer,
  ) {}

  get size(): number {
    return this.data.length;
  }

  /** The bytes as a stream (for a handler that pipes them on). */
  stream(): Readable {
    return Readable.from([this.data]);
  }

  text(): string {
    return this.data.toString('utf8');
  }

  /** What JSON shows of it (an echo or a log never dumps the bytes). */
  toJSON(): { filename: string; contentType: string; size: number } {
    return { filename: this.filename, contentType: this.contentType, size: this.size };
  }
}

export interface MultipartLimits {
  /** Bytes of the whole body (already enforced while reading) and so of any one part. */
  bodyLimit: number;
  /** Most parts in one body. */
  parts?: number;
}

/** A content type against a list like "image/png, image/*" (parameters ignored). */
export function contentTypeAllowed(actual: string, allowed: string): boolean {
  const type = actual.split(';')[0]?.trim().toLowerCase() ?? '';
  return allowed
    .split(',')
    .map((a) => a.split(';')[0]?.trim().toLowerCase() ?? '')
    .some((a) => a === '*/*' || a === type || (a.endsWith('/*') && type.startsWith(a.slice(0, -1))));
}

function own(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
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
      reject(new HttpError(400, `multipart body is malformed: ${message}`, [{ in: 'body', pointer: '/', message: `is not valid multipart/form-data (${message})` }]));
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
    const collect = (): { value: Record<string, unknown>; view: Record<string, unknown>; problems: ProblemDetail[] } => {
      const encoding: Readonly<Record<string, FormEncoding>> = spec?.encoding ?? {};
      const problems: ProblemDetail[] = [];
      const check = (name: string, mime: string): void => {
        const allowed = Object.hasOwn(encoding, name) ? encoding[name]?.contentType : undefined;
        if (allowed !== undefined && !contentTypeAllowed(mime, allowed)) {
          problems.push({ in: 'body', pointer: `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: `has content type ${mime}; allowed: ${allowed}` });
        }
      };
      // A part sent as JSON is parsed as JSON (as its encoding would say).
      const jsonEncoding: Record<string, FormEncoding> = { ...encoding };
      for (const [name, , mime] of fields) {
        check(name, mime);
        if (/json/i.test(mime)) own(jsonEncoding, name, { ...(Object.hasOwn(encoding, name) ? encoding[name] : {}), contentType: mime });
      }
      const value = formBody(
        fields.map(([n, v]) => [n, v]),
        spec?.shape ?? { type: 'any' },
        jsonEncoding,
      );
      const view: Record<string, unknown> = { ...value };
      const shape = spec?.shape;
      const fileLists = new Map<string, { files: unknown[]; names: unknown[] }>();
      for (const { name, file } of files) {
        check(name, file.contentType);
        const sub = shape?.type === 'object' ? ((Object.hasOwn(shape.properties, name) ? shape.properties[name] : undefined) ?? shape.additional) : undefined;
        // A JSON part sent with a filename (FormData does so for a Blob) where the schema wants data, not bytes.
        if (/json/i.test(file.contentType) && sub !== undefined && sub.type !== 'string' && sub.type !== 'any') {
          const parsed = parseJsonOr(file.text(), (t) => t, { in: 'body', pointer: `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` });
          own(value, name, parsed);
          own(view, name, parsed);
          fileLists.delete(name);
          continue;
        }
        const prior: unknown = Object.hasOwn(value, name) ? value[name] : undefined;
        const many = sub?.type === 'array' || prior !== undefined;
        const priorView: unknown = Object.hasOwn(view, name) ? view[name] : undefined;
        // Repeated file parts append to this body's own lists (one copy of a field's list at most, never one per part).
        const lists = fileLists.get(name);
        if (lists) {
          lists.files.push(file);
          lists.names.push(file.filename);
        } else if (many) {
          const made = { files: [...(Array.isArray(prior) ? prior : prior === undefined ? [] : [prior]), file], names: [...(Array.isArray(priorView) ? priorView : priorView === undefined ? [] : [priorView]), file.filename] };
          fileLists.set(name, made);
          own(value, name, made.files);
          own(view, name, made.names);
        } else {
          own(value, name, file);
          own(view, name, file.filename);
        }
      }
      return { value, view, problems };
    };
    parser.end(raw);
  });
}
