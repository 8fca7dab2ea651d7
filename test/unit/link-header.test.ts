/**
 * The `Link` header (RFC 8288) as the infinite queries read it: several links, quoted and unquoted
 * rel, several relation types, commas and semicolons inside URLs and quoted parameters, relative
 * URLs resolved against the request's URL, links of another origin dropped, and hostile headers
 * (huge, unterminated, garbage) read in linear time without a throw.
 */
import { describe, expect, it } from 'vitest';
import { MAX_LINK_HEADER, MAX_LINKS, pageLinks, parseLinkHeader } from '../../src/runtime/client/link-header.js';
import { nextPageParam } from '../../src/runtime/client/tanstack.js';

const GITHUB =
  '<https://api.github.com/repositories/1300192/issues?page=2>; rel="prev", <https://api.github.com/repositories/1300192/issues?page=4>; rel="next", <https://api.github.com/repositories/1300192/issues?page=515>; rel="last", <https://api.github.com/repositories/1300192/issues?page=1>; rel="first"';

describe('parseLinkHeader', () => {
  it("reads GitHub's header: four links, each with its relation", () => {
    expect(parseLinkHeader(GITHUB)).toEqual([
      { href: 'https://api.github.com/repositories/1300192/issues?page=2', rel: ['prev'] },
      { href: 'https://api.github.com/repositories/1300192/issues?page=4', rel: ['next'] },
      { href: 'https://api.github.com/repositories/1300192/issues?page=515', rel: ['last'] },
      { href: 'https://api.github.com/repositories/1300192/issues?page=1', rel: ['first'] },
    ]);
  });

  it('reads unquoted rel, several relation types, case and spacing, other parameters before rel', () => {
    expect(parseLinkHeader('</a?page=2>;rel=next')).toEqual([{ href: '/a?page=2', rel: ['next'] }]);
    expect(parseLinkHeader('<https://x.test/p?page=9> ; title="Last, and final; really" ; REL="Last   Next"')).toEqual([
      { href: 'https://x.test/p?page=9', rel: ['last', 'next'] },
    ]);
    expect(parseLinkHeader('<https://x.test/p?q=a\\"b>; title="a \\" quote, here"; rel="next"')).toEqual([{ href: 'https://x.test/p?q=a\\"b', rel: ['next'] }]);
    // Only the first rel counts (RFC 8288 section 3.3).
    expect(parseLinkHeader('<https://x.test/a>; rel="prev"; rel="next"')).toEqual([{ href: 'https://x.test/a', rel: ['prev'] }]);
  });

  it('keeps commas and semicolons inside the URL', () => {
    expect(parseLinkHeader('<https://x.test/items?ids=1,2,3;v=2&page=2>; rel="next", <https://x.test/items?ids=1,2,3&page=1>; rel="first"')).toEqual([
      { href: 'https://x.test/items?ids=1,2,3;v=2&page=2', rel: ['next'] },
      { href: 'https://x.test/items?ids=1,2,3&page=1', rel: ['first'] },
    ]);
  });

  it('skips malformed link-values and keeps the well-formed ones', () => {
    expect(parseLinkHeader('garbage, <https://x.test/b>; rel="next"')).toEqual([{ href: 'https://x.test/b', rel: ['next'] }]);
    expect(parseLinkHeader('<https://x.test/a>; rel="next" junk, <https://x.test/b>; rel="last"')).toEqual([{ href: 'https://x.test/b', rel: ['last'] }]);
    expect(parseLinkHeader('<https://x.test/a>; title="unterminated, rel="next"')).toEqual([]);
    expect(parseLinkHeader('<https://x.test/a; rel="next"')).toEqual([]);
    expect(parseLinkHeader('<https://x.test/a>')).toEqual([]);
    expect(parseLinkHeader('<>; rel="next"')).toEqual([]);
    expect(parseLinkHeader('<https://x.test/a>; rel=""')).toEqual([]);
    expect(parseLinkHeader('')).toEqual([]);
    expect(parseLinkHeader(null)).toEqual([]);
    expect(parseLinkHeader(undefined)).toEqual([]);
    expect(parseLinkHeader(',,, ;;; <<<>>> """')).toEqual([]);
  });

  it('reads a huge or hostile header in linear time, bounded in links, never throwing', () => {
    expect(parseLinkHeader('x'.repeat(MAX_LINK_HEADER + 1))).toEqual([]);
    expect(parseLinkHeader(`<https://x.test/${'a'.repeat(MAX_LINK_HEADER)}>; rel="next"`)).toEqual([]);
    const many = Array.from({ length: 1000 }, (_, i) => `<https://x.test/?page=${i}>; rel="next"`).join(', ');
    expect(parseLinkHeader(many.slice(0, MAX_LINK_HEADER))).toHaveLength(MAX_LINKS);
    const hostile = [
      '<'.repeat(MAX_LINK_HEADER),
      '"'.repeat(MAX_LINK_HEADER),
      `<a>;${' ;'.repeat(MAX_LINK_HEADER / 2 - 4)}`,
      `<a>; rel="${'\\'.repeat(MAX_LINK_HEADER - 12)}`,
      `<a>; t=${'"x",'.repeat(MAX_LINK_HEADER / 4 - 4)}`,
      ','.repeat(MAX_LINK_HEADER),
    ];
    for (const header of hostile) {
      const started = performance.now();
      expect(() => parseLinkHeader(header)).not.toThrow();
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});

describe('pageLinks', () => {
  it('resolves relative links against the request URL and keeps next, prev, first and last', () => {
    const links = pageLinks(
      '</api/items?page=3>; rel="next", <?page=1>; rel="first previous", <https://x.test/api/items?page=9>; rel=last',
      'https://x.test/api/items?page=2',
    );
    expect(links).toEqual({
      next: 'https://x.test/api/items?page=3',
      first: 'https://x.test/api/items?page=1',
      prev: 'https://x.test/api/items?page=1',
      last: 'https://x.test/api/items?page=9',
    });
  });

  it('drops a link of another origin (scheme, host or port), keeping the first link of each relation', () => {
    expect(pageLinks('<https://evil.test/items?page=2>; rel="next"', 'https://x.test/items')).toEqual({});
    expect(pageLinks('<http://x.test/items?page=2>; rel="next"', 'https://x.test/items')).toEqual({});
    expect(pageLinks('<https://x.test:8443/items?page=2>; rel="next"', 'https://x.test/items')).toEqual({});
    expect(pageLinks('<//evil.test/items?page=2>; rel="next"', 'https://x.test/items')).toEqual({});
    expect(pageLinks('<javascript:alert(1)>; rel="next"', 'https://x.test/items')).toEqual({});
    expect(pageLinks('<https://evil.test/?page=2>; rel="next", <https://x.test/?page=3>; rel="next"', 'https://x.test/')).toEqual({
      next: 'https://x.test/?page=3',
    });
    expect(pageLinks('<https://x.test/?page=2>; rel="next", <https://x.test/?page=3>; rel="next"', 'https://x.test/')).toEqual({
      next: 'https://x.test/?page=2',
    });
  });

  it('with no absolute request URL, keeps only relative links, as written', () => {
    expect(pageLinks('<https://x.test/items?page=2>; rel="next"', undefined)).toEqual({});
    expect(pageLinks('<https://x.test/items?page=2>; rel="next"', '/api')).toEqual({});
    expect(pageLinks('</items?page=2>; rel="next"', '')).toEqual({ next: '/items?page=2' });
  });
});

describe('nextPageParam for a list paged by Link headers', () => {
  const page = (next: string | undefined): unknown => ({ data: [], links: next === undefined ? {} : { next } });
  it('reads the page parameter of the next link, numeric or opaque, and ends with no next link', () => {
    expect(nextPageParam({ kind: 'link', param: 'page', numeric: true }, page('https://x.test/i?per_page=2&page=3'), 2)).toBe(3);
    expect(nextPageParam({ kind: 'link', param: 'page', numeric: true }, page(undefined), 3)).toBeUndefined();
    expect(nextPageParam({ kind: 'link', param: 'page', numeric: true }, page('https://x.test/i?page=abc'), 2)).toBeUndefined();
    expect(nextPageParam({ kind: 'link', param: 'page', numeric: true }, page('https://x.test/i?per_page=2'), 2)).toBeUndefined();
    expect(nextPageParam({ kind: 'link', param: 'after' }, page('/events?after=Y3Vy%3D&per_page=2'), undefined)).toBe('Y3Vy=');
  });

  it('ends when the next link asks for the page just read (no endless loop)', () => {
    expect(nextPageParam({ kind: 'link', param: 'page', numeric: true }, page('https://x.test/i?page=2'), 2)).toBeUndefined();
    expect(nextPageParam({ kind: 'link' }, page('/refs?cursor=a&x=1'), { cursor: 'a', x: '1' })).toBeUndefined();
  });

  it("with no page parameter, takes the next link's query whole (repeated names as a list)", () => {
    expect(nextPageParam({ kind: 'link' }, page('https://x.test/refs?prefix=v&page=2&tag=a&tag=b&__proto__=x'), undefined)).toEqual({
      prefix: 'v',
      page: '2',
      tag: ['a', 'b'],
      ['__proto__']: 'x',
    });
    expect(Object.getPrototypeOf(nextPageParam({ kind: 'link' }, page('/r?__proto__=x'), undefined))).toBe(Object.prototype);
  });
});
