/**
 * What the proxy's live line of a forwarded request that breaks the contract says: what the
 * upstream really answered (its own body, bounded), and why a server generated from the contract
 * would refuse the request (the messages of that refusal, never its body shown as if answered).
 */
import type { ReceivedResponse } from './checks.js';

/** The most characters of an upstream's body, or of a refusal's reasons, a live line shows. */
const LINE_TEXT = 200;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LINE_TEXT ? `${flat.slice(0, LINE_TEXT)}…` : flat;
}

/**
 * `: <body>` as the upstream sent it (redacted, on one line, cut at LINE_TEXT characters; the
 * caller escapes it for the terminal), or nothing for an empty body, one that is not text or one
 * that could not be decoded.
 */
export function answeredBody(response: ReceivedResponse): string {
  if (response.text === '' || response.unchecked?.includes('encoded') === true || response.text.includes('\ufffd')) return '';
  if (response.contentType !== '' && !/json|text|xml|x-www-form-urlencoded/i.test(response.contentType)) return '';
  return `: ${oneLine(response.text)}`;
}

/** Keys whose string value says what is wrong. */
const REASON_KEY = /^(message|detail|title|reason|error)$/i;
/** Keys that say where a reason applies, in the order they are said. */
const WHERE_KEYS = ['in', 'location', 'pointer', 'path', 'field', 'parameter', 'name'];

/**
 * Why a server generated from the contract refuses a request: the messages of its refusal (the
 * string values under message, detail, title, reason, error; every string value when it has none
 * of those), one line, never the refusal's body itself.
 */
export async function refusalReasons(refusal: Response): Promise<string> {
  const text = await refusal
    .clone()
    .text()
    .catch(() => '');
  let doc: unknown;
  try {
    doc = JSON.parse(text) as unknown;
  } catch {
    return oneLine(text);
  }
  const named: string[] = [];
  const all: string[] = [];
  let budget = 1000;
  const walk = (value: unknown, key: string, depth: number): void => {
    if (depth > 8 || --budget < 0) return;
    if (typeof value === 'string') {
      if (!all.includes(value)) all.push(value);
      if (REASON_KEY.test(key) && !named.includes(value)) named.push(value);
    } else if (Array.isArray(value)) for (const item of value) walk(item, key, depth + 1);
    else if (value !== null && typeof value === 'object') {
      // A message beside where it applies (`{ in: body, pointer: /name, message }`) is said with its place.
      const record = value as Record<string, unknown>;
      const where = WHERE_KEYS.map((k) => record[k]).filter((v): v is string => typeof v === 'string' && v !== '');
      for (const [k, v] of Object.entries(record)) {
        if (where.length > 0 && typeof v === 'string' && REASON_KEY.test(k)) {
          const said = `${where.join(' ')} ${v}`;
          if (!named.includes(said)) named.push(said);
        } else walk(v, k, depth + 1);
      }
    }
  };
  walk(doc, '', 0);
  return oneLine((named.length > 0 ? named : all).join('; '));
}
