/**
 * The strings of sampling (sample.ts): a sample per `format`, a string matching a simple pattern
 * (anchors, literals, classes, escapes and quantifiers) when the pattern sampler gives none, and
 * the words a varied string is picked from.
 */

/** A sample string per `format`, valid for the format. */
export const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00Z',
  duration: 'P1D',
  email: 'user@example.org',
  'idn-email': 'user@example.org',
  hostname: 'host.example.org',
  'idn-hostname': 'host.example.org',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.org/resource',
  'uri-reference': '/resource',
  iri: 'https://example.org/resource',
  'iri-reference': '/resource',
  url: 'https://example.org/resource',
  'uri-template': 'https://example.org/{id}',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  'json-pointer': '/a/b',
  'relative-json-pointer': '0/a',
  regex: '^[a-z]+$',
  byte: 'c3BlY2ZvcmdlIHNhbXBsZQ==',
  binary: 'sample',
  password: 'secret',
  int64: '1',
};

/** A string matching simple patterns: anchors, literals, classes, escapes and quantifiers. */
export function fromPattern(pattern: string): string | undefined {
  let out = '';
  let i = pattern.startsWith('^') ? 1 : 0;
  const end = pattern.endsWith('$') && !pattern.endsWith('\\$') ? pattern.length - 1 : pattern.length;
  while (i < end) {
    let unit: string;
    const c = pattern[i] as string;
    if (c === '[') {
      const close = pattern.indexOf(']', i + 1);
      if (close < 0) return undefined;
      const body = pattern.slice(i + 1, close);
      if (body.startsWith('^')) return undefined;
      unit = body.startsWith('\\') ? (classEscape(body[1] ?? '') ?? '') : (body[0] as string);
      if (unit === '') return undefined;
      i = close + 1;
    } else if (c === '\\') {
      const e = pattern[i + 1] ?? '';
      unit = classEscape(e) ?? e;
      i += 2;
    } else if (c === '(' || c === ')' || c === '|' || c === '.') {
      return undefined;
    } else {
      unit = c;
      i++;
    }
    let count = 1;
    const q = pattern[i];
    if (q === '+' || q === '*' || q === '?') {
      count = q === '+' ? 1 : q === '*' ? 1 : 1;
      i++;
    } else if (q === '{') {
      const close = pattern.indexOf('}', i);
      if (close < 0) return undefined;
      const [min] = pattern.slice(i + 1, close).split(',');
      count = Number(min);
      if (!Number.isInteger(count)) return undefined;
      i = close + 1;
    }
    out += unit.repeat(count);
  }
  return out;
}

function classEscape(e: string): string | undefined {
  switch (e) {
    case 'd':
      return '0';
    case 'w':
      return 'a';
    case 's':
      return ' ';
    default:
      return /[A-Za-z]/.test(e) ? undefined : e;
  }
}

/** The strings a varied sample picks from when nothing else constrains it. */
export const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];

/** Whether `text` matches the contract's `pattern` (true for a pattern RegExp cannot compile: nothing to check). */
export function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return true;
  }
}
