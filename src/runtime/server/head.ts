/**
 * What every stage reads of a request, whatever carries it: its method, its target (path and
 * query) and its headers keyed in lower case, as `node:http` spells them. An `IncomingMessage` is
 * one; the fetch handler builds one from a `Request`. Also the byte and text helpers the stages
 * share without `Buffer`, so the stages run on Node, Bun, Deno, workers and browsers alike.
 */

/** Header values by lower-case name; a repeated header is a list or one comma-joined value. */
export type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

export interface RequestHead {
  readonly method?: string | undefined;
  /** The request target: the path and the query, as sent. */
  readonly url?: string | undefined;
  readonly headers: HeaderBag;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });
const LOOSE_UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Bytes as UTF-8 text, a leading byte order mark dropped; undefined when they are not UTF-8. */
export function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Bytes as UTF-8 text, a byte order mark kept and bytes that are not UTF-8 replaced (U+FFFD). */
export function looseUtf8(bytes: Uint8Array): string {
  return LOOSE_UTF8.decode(bytes);
}

const B64_CHARS = /[^A-Za-z0-9+/]/g;

/**
 * Base64 or base64url text as the UTF-8 text it encodes, decoded as leniently as Node's
 * `Buffer.from(text, 'base64')`: characters outside the alphabet are skipped and padding is optional.
 */
export function base64Text(text: string): string {
  const clean = text.replace(/-/g, '+').replace(/_/g, '/').replace(B64_CHARS, '');
  // A lone trailing character carries no whole byte (Node drops it too).
  const usable = clean.length % 4 === 1 ? clean.slice(0, -1) : clean;
  const binary = atob(usable + '='.repeat((4 - (usable.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return looseUtf8(bytes);
}

/** The number of bytes of a string's UTF-8 encoding. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** The client went away before its request was read: nothing to answer, and no server error. */
export class ClientClosed extends Error {
  constructor() {
    super('the client closed the connection');
    this.name = 'ClientClosed';
  }
}

/** A header as one value (a repeated header joined with `separator`, as node:http joins most). */
export function headerOf(req: RequestHead, name: string, separator = ', '): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(separator) : v;
}
