/**
 * What a multipart body hands a handler and its validator, however its parts were read (busboy
 * over node:http, `Request.formData()` over fetch): fields converted as form fields are (their
 * schema's types, bracketed names, repeated names as arrays; a part sent as JSON, or declared so by
 * `encoding.contentType`, is parsed), file parts as files, each part's content type checked
 * against the media type's `encoding.contentType`. The validator sees each file as its name.
 */
import type { ProblemDetail } from '../../shared/errors.js';
import type { FormEncoding, FormSpec } from '../../shared/spec.js';
import { looseUtf8 } from '../head.js';
import { formBody } from './form.js';
import { parseJsonOr } from './json-text.js';

/** A file part of a multipart request, without a transport (node:http's UploadedFile and fetch's extend it). */
export class UploadedPart {
  constructor(
    /** The form field it was sent as. */
    readonly field: string,
    /** The file name the client gave (never a path: directories are dropped). */
    readonly filename: string,
    /** The part's content type (application/octet-stream when the client named none). */
    readonly contentType: string,
    /** The part's bytes (within the request's body limit). */
    readonly data: Uint8Array,
  ) {}

  get size(): number {
    return this.data.length;
  }

  text(): string {
    return looseUtf8(this.data);
  }

  /** What JSON shows of it (an echo or a log never dumps the bytes). */
  toJSON(): { filename: string; contentType: string; size: number } {
    return { filename: this.filename, contentType: this.contentType, size: this.size };
  }
}

/** A file part read from a fetch Request: its bytes stream as a web ReadableStream. */
export class FetchUploadedFile extends UploadedPart {
  /** The bytes as a stream (for a handler that pipes them on). */
  stream(): ReadableStream<Uint8Array> {
    const data = this.data;
    return new ReadableStream({
      start(controller) {
        controller.enqueue(data);
        controller.close();
      },
    });
  }
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

/** The parts of a multipart body (fields as name, value and content type) as the handler and the validator see them. */
export function collectParts(
  fields: ReadonlyArray<[string, string, string]>,
  files: ReadonlyArray<{ name: string; file: UploadedPart }>,
  spec: FormSpec | undefined,
): { value: Record<string, unknown>; view: Record<string, unknown>; problems: ProblemDetail[] } {
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
      const made = {
        files: [...(Array.isArray(prior) ? prior : prior === undefined ? [] : [prior]), file],
        names: [...(Array.isArray(priorView) ? priorView : priorView === undefined ? [] : [priorView]), file.filename],
      };
      fileLists.set(name, made);
      own(value, name, made.files);
      own(view, name, made.names);
    } else {
      own(value, name, file);
      own(view, name, file.filename);
    }
  }
  return { value, view, problems };
}
