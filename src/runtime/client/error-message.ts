/**
 * The server's message in an error answer, for ApiError.message: read where the contract's error
 * schema puts it (a JSON pointer the generator took from the error-shape engine, per operation and
 * status), else from the properties error bodies commonly use. Always one line of plain text,
 * bounded in length, with no control character (an answer is data, and messages reach terminals).
 */

/** The longest message kept from an answer, in characters. */
export const MESSAGE_LIMIT = 200;
/** The longest text body read for a message (a larger one is not parsed). */
const TEXT_LIMIT = 64 * 1024;

/**
 * Where a body's message is when the contract does not say, in order: `message`, `err` (Figma),
 * `error_description` (OAuth, whose `error` is a code), `error` as text, `error.message` (Stripe and
 * Google), `detail` and `title` (RFC 9457), `errors[0].message` and `errors[0].detail` (GraphQL,
 * JSON:API), `errors[0]` as text.
 */
const COMMON: readonly (readonly (string | number)[])[] = [
  ['message'],
  ['err'],
  ['error_description'],
  ['error'],
  ['error', 'message'],
  ['detail'],
  ['title'],
  ['errors', 0, 'message'],
  ['errors', 0, 'detail'],
  ['errors', 0],
];

/** The value at `path` in `body`, through own properties and array items only. */
function at(body: unknown, path: readonly (string | number)[]): unknown {
  let node = body;
  for (const step of path) {
    if (Array.isArray(node)) {
      const index = typeof step === 'number' ? step : /^(0|[1-9]\d{0,8})$/.test(step) ? Number(step) : -1;
      node = index >= 0 && index < node.length ? (node[index] as unknown) : undefined;
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, String(step))) {
      node = (node as Record<string, unknown>)[String(step)];
    } else {
      return undefined;
    }
  }
  return node;
}

/** The segments of a JSON pointer ("/error/message"); "" is the whole body. */
function segments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** One line of at most MESSAGE_LIMIT characters, control characters and runs of spaces made one space. */
export function cleanMessage(text: string): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > MESSAGE_LIMIT ? `${flat.slice(0, MESSAGE_LIMIT - 1)}…` : flat;
}

function usable(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = cleanMessage(value);
  return text === '' ? undefined : text;
}

/**
 * The message of an error answer's `body`: at `pointer` when the contract says where it is and the
 * body has a text there, else at the first common place that holds one. A text body is its own
 * message, unless it is JSON (read as above) or markup (an HTML error page says nothing short).
 */
export function errorMessage(body: unknown, pointer?: string): string | undefined {
  if (typeof body === 'string') {
    const text = body.trimStart();
    if (text === '' || text.length > TEXT_LIMIT) return undefined;
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        return errorMessage(JSON.parse(text) as unknown, pointer);
      } catch {
        return usable(text);
      }
    }
    return text.startsWith('<') ? undefined : usable(text);
  }
  if (pointer !== undefined && (pointer === '' || pointer.startsWith('/'))) {
    const found = usable(at(body, segments(pointer)));
    if (found !== undefined) return found;
  }
  for (const path of COMMON) {
    const found = usable(at(body, path));
    if (found !== undefined) return found;
  }
  return undefined;
}
