/**
 * The `Link` response header (RFC 8288) as the paging of a list reads it: `<url>; rel="next"`, as
 * GitHub sends `Link: <https://api.github.com/repos/o/r/issues?page=2>; rel="next", <…?page=5>; rel="last"`.
 * One linear pass over at most MAX_LINK_HEADER characters, at most MAX_LINKS links; a malformed
 * link-value is skipped (to the next comma outside `<…>` and quotes), never thrown on.
 * Browser-safe, dependency-free.
 */

/** A longer header is not read (no links): real ones are a few hundred characters. */
export const MAX_LINK_HEADER = 65_536;
/** Links read from one header at most. */
export const MAX_LINKS = 64;

/** One link-value: its target as written (unresolved) and its relation types, lower-cased. */
export interface WebLink {
  href: string;
  rel: readonly string[];
}

/** The relations a paged list's answer may link to, as absolute URLs. */
export interface PageLinks {
  next?: string;
  prev?: string;
  first?: string;
  last?: string;
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** The link-values of a `Link` header, in order (RFC 8288 section 3); [] for none, too long or unreadable. */
export function parseLinkHeader(header: string | null | undefined): WebLink[] {
  const out: WebLink[] = [];
  if (typeof header !== 'string' || header.length > MAX_LINK_HEADER) return out;
  const s = header;
  const n = s.length;
  let i = 0;
  /** Skips to just after the next comma outside quotes and `<…>` (the end of a malformed link-value). */
  const skip = (): void => {
    while (i < n && s[i] !== ',') {
      if (s[i] === '"') {
        i++;
        while (i < n && s[i] !== '"') i += s[i] === '\\' ? 2 : 1;
      } else if (s[i] === '<') {
        while (i < n && s[i] !== '>') i++;
      }
      i++;
    }
    i++;
  };
  while (i < n && out.length < MAX_LINKS) {
    while (i < n && (isSpace(s[i]) || s[i] === ',')) i++;
    if (i >= n) break;
    if (s[i] !== '<') {
      skip();
      continue;
    }
    const close = s.indexOf('>', i + 1);
    if (close < 0) break;
    const href = s.slice(i + 1, close).trim();
    i = close + 1;
    let rel: string | undefined;
    let ok = true;
    for (;;) {
      while (i < n && isSpace(s[i])) i++;
      if (i >= n || s[i] === ',') break;
      if (s[i] !== ';') {
        ok = false;
        break;
      }
      i++;
      while (i < n && isSpace(s[i])) i++;
      const nameStart = i;
      while (i < n && !isSpace(s[i]) && s[i] !== '=' && s[i] !== ';' && s[i] !== ',') i++;
      const name = s.slice(nameStart, i).toLowerCase();
      while (i < n && isSpace(s[i])) i++;
      let value: string | undefined;
      if (s[i] === '=') {
        i++;
        while (i < n && isSpace(s[i])) i++;
        if (s[i] === '"') {
          let v = '';
          i++;
          while (i < n && s[i] !== '"') {
            if (s[i] === '\\' && i + 1 < n) i++;
            v += s[i];
            i++;
          }
          if (i >= n) {
            ok = false;
            break;
          }
          i++;
          value = v;
        } else {
          const start = i;
          while (i < n && !isSpace(s[i]) && s[i] !== ';' && s[i] !== ',') i++;
          value = s.slice(start, i);
        }
      }
      // Only the first rel counts (RFC 8288 section 3.3).
      if (name === 'rel' && rel === undefined) rel = value ?? '';
    }
    if (!ok) {
      skip();
      continue;
    }
    const rels = (rel ?? '')
      .toLowerCase()
      .split(/[ \t\r\n]+/)
      .filter((r) => r !== '');
    if (href !== '' && rels.length > 0) out.push({ href, rel: rels });
  }
  return out;
}

/** The origin of `url`, or undefined when it is not an absolute http(s) URL. */
function originOf(url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The next, prev, first and last links of a `Link` header, resolved against `requestUrl` (the URL
 * the answer came from), the first of each relation kept. Only links of the request's origin are
 * kept: a link elsewhere is dropped. When the request's URL is not known (absent or relative), only
 * relative links are kept, as written (they are of the request's origin by construction).
 */
export function pageLinks(header: string | null | undefined, requestUrl: string | undefined): PageLinks {
  const out: PageLinks = {};
  const origin = originOf(requestUrl);
  for (const link of parseLinkHeader(header)) {
    let url: URL;
    try {
      url = new URL(link.href, origin === undefined ? 'http://relative.invalid' : requestUrl);
    } catch {
      continue;
    }
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(link.href) || link.href.startsWith('//');
    if (origin === undefined ? absolute : url.origin !== origin) continue;
    for (const rel of link.rel) {
      const kind = rel === 'previous' ? 'prev' : rel;
      if ((kind === 'next' || kind === 'prev' || kind === 'first' || kind === 'last') && out[kind] === undefined) {
        out[kind] = origin === undefined ? link.href : url.href;
      }
    }
  }
  return out;
}
