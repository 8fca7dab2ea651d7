/**
 * Parameter parsing by OpenAPI 3.1 style and explode
 * (https://spec.openapis.org/oas/v3.1.0#style-examples), and coercion of text to the declared
 * shape. The style-example rows use the spec's `color` parameter:
 *   string -> "blue", array -> ["blue","black","brown"], object -> { "R": 100, "G": 200, "B": 150 }.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  coerce,
  parseCookieParameter,
  parseCookies,
  parseHeaderParameter,
  parsePathParameter,
  parseQueryParameter,
  splitQuery,
} from '../../src/runtime/server/params.js';
import type { ParameterIn, ParameterSpec, ValueShape } from '../../src/runtime/shared/spec.js';

const S: ValueShape = { type: 'string' };
const I: ValueShape = { type: 'integer' };
const N: ValueShape = { type: 'number' };
const B: ValueShape = { type: 'boolean' };
const arr = (items: ValueShape): ValueShape => ({ type: 'array', items });
const obj = (properties: Record<string, ValueShape>, additional?: ValueShape): ValueShape =>
  additional === undefined ? { type: 'object', properties } : { type: 'object', properties, additional };
const RGB = obj({ R: I, G: I, B: I });
const COLORS = ['blue', 'black', 'brown'];
const RGB_VALUE = { R: 100, G: 200, B: 150 };

interface ParamOptions {
  name?: string;
  style?: string;
  explode?: boolean;
  shape?: ValueShape;
  contentType?: string;
}

function param(where: ParameterIn, o: ParamOptions = {}): ParameterSpec {
  const style = o.style ?? (where === 'query' || where === 'cookie' ? 'form' : 'simple');
  const p: ParameterSpec = {
    name: o.name ?? 'color',
    in: where,
    required: where === 'path',
    style,
    explode: o.explode ?? style === 'form',
    shape: o.shape ?? S,
  };
  if (o.contentType) p.contentType = o.contentType;
  return p;
}

/** A JSON object with an own "__proto__" key, as JSON.parse builds it. */
function withOwnProto(json: string): unknown {
  return JSON.parse(json) as unknown;
}

afterEach(() => {
  // Nothing parsed may have reached Object.prototype.
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(({} as Record<string, unknown>)['x']).toBeUndefined();
});

describe('coerce', () => {
  const cases: Array<[string, { given: [string, ValueShape]; want: unknown }]> = [
    ['integer', { given: ['42', I], want: 42 }],
    ['negative integer', { given: ['-7', I], want: -7 }],
    ['zero-padded integer', { given: ['007', I], want: 7 }],
    ['fraction is not an integer', { given: ['4.5', I], want: '4.5' }],
    ['integer with exponent stays text', { given: ['1e3', I], want: '1e3' }],
    ['word for an integer stays text', { given: ['abc', I], want: 'abc' }],
    ['empty text for an integer stays text', { given: ['', I], want: '' }],
    ['integer with a plus sign stays text', { given: ['+5', I], want: '+5' }],
    ['overflowing integer stays text', { given: ['9'.repeat(400), I], want: '9'.repeat(400) }],
    ['number', { given: ['4.5', N], want: 4.5 }],
    ['negative number', { given: ['-0.25', N], want: -0.25 }],
    ['number with exponent', { given: ['1e3', N], want: 1000 }],
    ['integral number', { given: ['12', N], want: 12 }],
    ['hex is not a number', { given: ['0x10', N], want: '0x10' }],
    ['binary literal is not a number', { given: ['0b11', N], want: '0b11' }],
    ['padded number stays text', { given: [' 5', N], want: ' 5' }],
    ['blank number stays text', { given: ['  ', N], want: '  ' }],
    ['Infinity stays text', { given: ['Infinity', N], want: 'Infinity' }],
    ['NaN stays text', { given: ['NaN', N], want: 'NaN' }],
    ['overflowing number stays text', { given: ['1e400', N], want: '1e400' }],
    ['true', { given: ['true', B], want: true }],
    ['false', { given: ['false', B], want: false }],
    ['TRUE stays text', { given: ['TRUE', B], want: 'TRUE' }],
    ['1 for a boolean stays text', { given: ['1', B], want: '1' }],
    ['null', { given: ['null', { type: 'null' }], want: null }],
    ['string is untouched', { given: ['42', S], want: '42' }],
    ['any is untouched', { given: ['true', { type: 'any' }], want: 'true' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(coerce(...given)).toEqual(want);
  });

  it('reads an integer of any length as Number does (-0 and leading zeros included), and leaves anything else as text', () => {
    const byNumber = (t: string): unknown => (/^-?\d+$/.test(t) && Number.isFinite(Number(t)) ? Number(t) : t);
    const digits = fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), maxLength: 24 });
    const text = fc.oneof(
      digits,
      digits.map((d) => `-${d}`),
      fc.tuple(digits, fc.constantFrom('-', '+', '.', ' ', 'e', '/', ':', 'x', '٣'), digits).map(([a, c, b]) => a + c + b),
    );
    fc.assert(
      fc.property(text, (t) => Object.is(coerce(t, I), byNumber(t))),
      { numRuns: 3000 },
    );
    expect(Object.is(coerce('-0', I), -0)).toBe(true);
    expect(coerce('999999999999999', I)).toBe(999999999999999);
    expect(coerce('9007199254740993', I)).toBe(9007199254740992);
  });
});

describe('path parameters (style-examples table)', () => {
  const cases: Array<[string, { given: { raw: string } & ParamOptions; want: unknown }]> = [
    // simple
    ['simple primitive', { given: { raw: 'blue' }, want: 'blue' }],
    ['simple array, explode false', { given: { raw: 'blue,black,brown', shape: arr(S) }, want: COLORS }],
    ['simple array, explode true', { given: { raw: 'blue,black,brown', shape: arr(S), explode: true }, want: COLORS }],
    ['simple object, explode false', { given: { raw: 'R,100,G,200,B,150', shape: RGB }, want: RGB_VALUE }],
    ['simple object, explode true', { given: { raw: 'R=100,G=200,B=150', shape: RGB, explode: true }, want: RGB_VALUE }],
    ['simple string keeps its commas', { given: { raw: 'a,b' }, want: 'a,b' }],
    ['simple integer', { given: { raw: '17', shape: I }, want: 17 }],
    ['simple integer array', { given: { raw: '1,2,3', shape: arr(I) }, want: [1, 2, 3] }],
    ['simple integer array leaves bad items as text', { given: { raw: '1,x,3', shape: arr(I) }, want: [1, 'x', 3] }],
    // label
    ['label primitive, explode false', { given: { raw: '.blue', style: 'label' }, want: 'blue' }],
    ['label primitive, explode true', { given: { raw: '.blue', style: 'label', explode: true }, want: 'blue' }],
    ['label array, explode false (3.1.0 table)', { given: { raw: '.blue.black.brown', style: 'label', shape: arr(S) }, want: COLORS }],
    ['label array, explode false (RFC 6570)', { given: { raw: '.blue,black,brown', style: 'label', shape: arr(S) }, want: COLORS }],
    ['label array, explode true', { given: { raw: '.blue.black.brown', style: 'label', explode: true, shape: arr(S) }, want: COLORS }],
    ['label object, explode false (3.1.0 table)', { given: { raw: '.R.100.G.200.B.150', style: 'label', shape: RGB }, want: RGB_VALUE }],
    ['label object, explode false (RFC 6570)', { given: { raw: '.R,100,G,200,B,150', style: 'label', shape: RGB }, want: RGB_VALUE }],
    ['label object, explode true', { given: { raw: '.R=100.G=200.B=150', style: 'label', explode: true, shape: RGB }, want: RGB_VALUE }],
    ['label number keeps its decimal point (explode true)', { given: { raw: '.1.5', style: 'label', explode: true, shape: N }, want: 1.5 }],
    ['label number keeps its decimal point (explode false)', { given: { raw: '.1.5', style: 'label', shape: N }, want: 1.5 }],
    ['label empty string', { given: { raw: '.', style: 'label' }, want: '' }],
    ['label empty array', { given: { raw: '.', style: 'label', shape: arr(S) }, want: [] }],
    ['label without its dot stays text', { given: { raw: 'blue', style: 'label', shape: I }, want: 'blue' }],
    // matrix
    ['matrix primitive, explode false', { given: { raw: ';color=blue', style: 'matrix' }, want: 'blue' }],
    ['matrix primitive, explode true', { given: { raw: ';color=blue', style: 'matrix', explode: true }, want: 'blue' }],
    ['matrix array, explode false', { given: { raw: ';color=blue,black,brown', style: 'matrix', shape: arr(S) }, want: COLORS }],
    ['matrix array, explode true', { given: { raw: ';color=blue;color=black;color=brown', style: 'matrix', explode: true, shape: arr(S) }, want: COLORS }],
    ['matrix object, explode false', { given: { raw: ';color=R,100,G,200,B,150', style: 'matrix', shape: RGB }, want: RGB_VALUE }],
    ['matrix object, explode true', { given: { raw: ';R=100;G=200;B=150', style: 'matrix', explode: true, shape: RGB }, want: RGB_VALUE }],
    ['matrix integer', { given: { raw: ';color=5', style: 'matrix', shape: I }, want: 5 }],
    ['matrix empty string', { given: { raw: ';color', style: 'matrix' }, want: '' }],
    ['matrix empty array, explode false', { given: { raw: ';color', style: 'matrix', shape: arr(S) }, want: [] }],
    ['matrix empty array, explode true', { given: { raw: ';color', style: 'matrix', explode: true, shape: arr(S) }, want: [] }],
    ['matrix with another name stays text', { given: { raw: ';colour=5', name: 'col', style: 'matrix', shape: I }, want: ';colour=5' }],
    ['matrix without its prefix stays text', { given: { raw: 'blue', style: 'matrix', shape: I }, want: 'blue' }],
    // percent-decoding
    ['percent-decoded primitive', { given: { raw: 'hello%20world' }, want: 'hello world' }],
    ['UTF-8 percent-decoding', { given: { raw: 'Gr%C3%BC%C3%9Fe' }, want: 'Grüße' }],
    ['encoded comma stays inside an item', { given: { raw: 'a%2Cb,c', shape: arr(S) }, want: ['a,b', 'c'] }],
    ['encoded dot stays inside a label item', { given: { raw: '.a%2Eb.c', style: 'label', explode: true, shape: arr(S) }, want: ['a.b', 'c'] }],
    ['encoded semicolon stays inside a matrix value', { given: { raw: ';color=a%3Bb', style: 'matrix' }, want: 'a;b' }],
    ['plus is literal in a path', { given: { raw: 'a+b' }, want: 'a+b' }],
    ['malformed percent-encoding is kept as text', { given: { raw: '%E0%A4%A' }, want: '%E0%A4%A' }],
    ['lone percent sign is kept', { given: { raw: '100%', shape: I }, want: '100%' }],
    ['encoded digits coerce', { given: { raw: '%34%32', shape: I }, want: 42 }],
    // content
    ['application/json content', { given: { raw: '%7B%22a%22%3A1%7D', shape: obj({ a: I }), contentType: 'application/json' }, want: { a: 1 } }],
    ['invalid JSON content stays text', { given: { raw: 'nope', shape: obj({}), contentType: 'application/json' }, want: 'nope' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const { raw, ...options } = given;
    expect(parsePathParameter(raw, param('path', options))).toEqual(want);
  });

  it('keeps "__proto__" as data in an object value', () => {
    const value = parsePathParameter('R,1,__proto__,x', param('path', { shape: RGB }));
    expect(value).toEqual(withOwnProto('{"R":1,"__proto__":"x"}'));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

function query(text: string, options: ParamOptions, reserved?: ReadonlySet<string>): unknown {
  return parseQueryParameter(splitQuery(text), param('query', options), reserved);
}

describe('query parameters (style-examples table)', () => {
  const cases: Array<[string, { given: { query: string } & ParamOptions; want: unknown }]> = [
    // form
    ['form primitive', { given: { query: 'color=blue' }, want: 'blue' }],
    ['form primitive, explode false', { given: { query: 'color=blue', explode: false }, want: 'blue' }],
    ['form empty primitive', { given: { query: 'color=' }, want: '' }],
    ['form name without value', { given: { query: 'color' }, want: '' }],
    ['absent parameter', { given: { query: 'other=1' }, want: undefined }],
    ['empty query', { given: { query: '' }, want: undefined }],
    ['form array, explode true', { given: { query: 'color=blue&color=black&color=brown', shape: arr(S) }, want: COLORS }],
    ['form array, explode true, one value', { given: { query: 'color=blue', shape: arr(S) }, want: ['blue'] }],
    ['form array, explode true keeps commas', { given: { query: 'color=a,b', shape: arr(S) }, want: ['a,b'] }],
    ['form array, explode false', { given: { query: 'color=blue,black,brown', shape: arr(S), explode: false }, want: COLORS }],
    ['form empty array, explode false', { given: { query: 'color=', shape: arr(S), explode: false }, want: [] }],
    ['form empty array, explode true', { given: { query: 'color=', shape: arr(S) }, want: [] }],
    ['form object, explode false', { given: { query: 'color=R,100,G,200,B,150', shape: RGB, explode: false }, want: RGB_VALUE }],
    ['form object, explode true', { given: { query: 'R=100&G=200&B=150', shape: RGB }, want: RGB_VALUE }],
    ['form object, explode true ignores other names', { given: { query: 'R=100&limit=5&G=200&B=150', shape: RGB }, want: RGB_VALUE }],
    ['form object, explode true, absent', { given: { query: 'limit=5', shape: RGB }, want: undefined }],
    ['form object, explode true ignores inherited names', { given: { query: 'constructor=x&toString=y&R=1', shape: RGB }, want: { R: 1 } }],
    ['form integer array', { given: { query: 'color=1&color=2', shape: arr(I) }, want: [1, 2] }],
    // spaceDelimited
    ['spaceDelimited array (%20)', { given: { query: 'color=blue%20black%20brown', style: 'spaceDelimited', explode: false, shape: arr(S) }, want: COLORS }],
    ['spaceDelimited array (+)', { given: { query: 'color=blue+black+brown', style: 'spaceDelimited', explode: false, shape: arr(S) }, want: COLORS }],
    ['spaceDelimited object', { given: { query: 'color=R%20100%20G%20200%20B%20150', style: 'spaceDelimited', explode: false, shape: RGB }, want: RGB_VALUE }],
    // pipeDelimited
    ['pipeDelimited array', { given: { query: 'color=blue|black|brown', style: 'pipeDelimited', explode: false, shape: arr(S) }, want: COLORS }],
    ['pipeDelimited array (%7C)', { given: { query: 'color=blue%7Cblack%7Cbrown', style: 'pipeDelimited', explode: false, shape: arr(S) }, want: COLORS }],
    ['pipeDelimited integers', { given: { query: 'color=1|2|x', style: 'pipeDelimited', explode: false, shape: arr(I) }, want: [1, 2, 'x'] }],
    ['pipeDelimited keeps commas', { given: { query: 'color=a,b|c', style: 'pipeDelimited', explode: false, shape: arr(S) }, want: ['a,b', 'c'] }],
    ['pipeDelimited object', { given: { query: 'color=R|100|G|200|B|150', style: 'pipeDelimited', explode: false, shape: RGB }, want: RGB_VALUE }],
    // deepObject
    ['deepObject', { given: { query: 'color[R]=100&color[G]=200&color[B]=150', style: 'deepObject', shape: RGB }, want: RGB_VALUE }],
    [
      'deepObject with encoded brackets',
      { given: { query: 'color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150', style: 'deepObject', shape: RGB }, want: RGB_VALUE },
    ],
    ['deepObject ignores other parameters', { given: { query: 'colorful[R]=1&color[R]=2&R=3', style: 'deepObject', shape: RGB }, want: { R: 2 } }],
    ['deepObject absent', { given: { query: 'colour[R]=1', style: 'deepObject', shape: RGB }, want: undefined }],
    ['deepObject given a plain value keeps it for the validator to report', { given: { query: 'color=1', style: 'deepObject', shape: RGB }, want: '1' }],
    [
      'deepObject plain value of an object-or-integer parameter',
      { given: { query: 'color=123', style: 'deepObject', shape: { ...(RGB as object), scalar: I } as ValueShape }, want: 123 },
    ],
    ['deepObject array by index (expand[0]=a)', { given: { query: 'color[1]=b&color[0]=a', style: 'deepObject', shape: arr(S) }, want: ['a', 'b'] }],
    ['deepObject array by appends (tags[]=a)', { given: { query: 'color[]=a&color[]=b', style: 'deepObject', shape: arr(S) }, want: ['a', 'b'] }],
    [
      'deepObject nested objects',
      { given: { query: 'color[R]=1&color[sub][G]=2', style: 'deepObject', shape: obj({ R: I, sub: obj({ G: I }) }) }, want: { R: 1, sub: { G: 2 } } },
    ],
    ['deepObject index past the limit is a key', { given: { query: 'color[99999999]=a', style: 'deepObject', shape: arr(S) }, want: { '99999999': 'a' } }],
    [
      'deepObject "__proto__" key stays data',
      { given: { query: 'color[__proto__][x]=1', style: 'deepObject', shape: RGB }, want: JSON.parse('{"__proto__":{"x":"1"}}') as unknown },
    ],
    ['form array with bracketed names', { given: { query: 'color[]=1&color[]=2', shape: arr(I) }, want: [1, 2] }],
    ['form array with indexed names', { given: { query: 'color[0]=1&color[1]=2', shape: arr(I) }, want: [1, 2] }],
    ['deepObject leaves bad values as text', { given: { query: 'color[R]=red', style: 'deepObject', shape: RGB }, want: { R: 'red' } }],
    // decoding
    ['plus is a space', { given: { query: 'color=light+blue' }, want: 'light blue' }],
    ['encoded plus is a plus', { given: { query: 'color=a%2Bb' }, want: 'a+b' }],
    ['encoded ampersand and equals', { given: { query: 'color=a%26b%3Dc' }, want: 'a&b=c' }],
    ['encoded name', { given: { query: 'my%20color=blue', name: 'my color' }, want: 'blue' }],
    ['malformed percent-encoding is kept', { given: { query: 'color=%E0%A4%A' }, want: '%E0%A4%A' }],
    ['lone percent sign is kept', { given: { query: 'color=100%' }, want: '100%' }],
    ['value with "=" inside', { given: { query: 'color=a=b' }, want: 'a=b' }],
    // coercion
    ['integer', { given: { query: 'color=42', shape: I }, want: 42 }],
    ['bad integer stays text', { given: { query: 'color=4x', shape: I }, want: '4x' }],
    ['boolean', { given: { query: 'color=true', shape: B }, want: true }],
    ['bad boolean stays text', { given: { query: 'color=yes', shape: B }, want: 'yes' }],
    ['repeated scalar is kept as a list', { given: { query: 'color=1&color=2', shape: I }, want: [1, 2] }],
    // content
    [
      'application/json content',
      {
        given: { query: 'color=%7B%22lat%22%3A1.5%2C%22long%22%3A2%7D', contentType: 'application/json', shape: obj({ lat: N, long: N }) },
        want: { lat: 1.5, long: 2 },
      },
    ],
    ['invalid JSON content stays text', { given: { query: 'color=%7Bnope', contentType: 'application/json', shape: obj({}) }, want: '{nope' }],
    ['JSON content array', { given: { query: 'color=%5B1%2C2%5D', contentType: 'application/json', shape: arr(I) }, want: [1, 2] }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const { query: text, ...options } = given;
    expect(query(text, options)).toEqual(want);
  });

  it('a free-form exploded object collects the names no other parameter claims', () => {
    const shape = obj({}, I);
    expect(query('a=1&b=2&limit=5', { name: 'freeForm', shape }, new Set(['limit']))).toEqual({ a: 1, b: 2 });
    expect(query('limit=5', { name: 'freeForm', shape }, new Set(['limit']))).toBeUndefined();
  });

  it('keeps "__proto__" keys as data and never touches Object.prototype', () => {
    const deep = query('color[__proto__][polluted]=1&color[__proto__]=x&color[R]=1', { style: 'deepObject', shape: RGB });
    expect(Object.getPrototypeOf(deep)).toBe(Object.prototype);
    expect(Object.hasOwn(deep as object, '__proto__')).toBe(true);
    const exploded = query('__proto__=x&R=1', { shape: obj({ R: I }, S) });
    expect(exploded).toEqual(withOwnProto('{"__proto__":"x","R":1}'));
    expect(Object.getPrototypeOf(exploded)).toBe(Object.prototype);
  });

  it('splitQuery keeps order, empty names and decodes both sides', () => {
    expect(splitQuery('a=1&&b&c=x+y&a=2&%61=3')).toEqual([
      ['a', '1'],
      ['b', ''],
      ['c', 'x y'],
      ['a', '2'],
      ['a', '3'],
    ]);
  });

  it('splitQuery reads any query as splitting on "&" then "=" would, short and long names and values alike', () => {
    const decoded = (t: string): string => {
      const spaced = t.replace(/\+/g, ' ');
      try {
        return decodeURIComponent(spaced);
      } catch {
        return spaced;
      }
    };
    const bySplit = (q: string): Array<[string, string]> =>
      q
        .split('&')
        .filter((part) => part !== '')
        .map((part) => {
          const eq = part.indexOf('=');
          return eq < 0 ? [decoded(part), ''] : [decoded(part.slice(0, eq)), decoded(part.slice(eq + 1))];
        });
    const piece = fc.oneof(fc.constantFrom('&', '=', '+', '%', '%2', '%41', '%zz', '&&', 'é'), fc.string({ maxLength: 40 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const q = pieces.join('');
        expect(splitQuery(q)).toEqual(bySplit(q));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('header parameters (simple)', () => {
  const cases: Array<[string, { given: { raw: string } & ParamOptions; want: unknown }]> = [
    ['primitive', { given: { raw: 'blue' }, want: 'blue' }],
    ['primitive is trimmed', { given: { raw: '  blue ' }, want: 'blue' }],
    ['string keeps commas', { given: { raw: 'a, b' }, want: 'a, b' }],
    ['array', { given: { raw: 'blue,black,brown', shape: arr(S) }, want: COLORS }],
    ['array with spaces (joined repeated headers)', { given: { raw: 'blue, black, brown', shape: arr(S) }, want: COLORS }],
    ['array, explode true', { given: { raw: 'blue,black,brown', shape: arr(S), explode: true }, want: COLORS }],
    ['object, explode false', { given: { raw: 'R,100,G,200,B,150', shape: RGB }, want: RGB_VALUE }],
    ['object, explode true', { given: { raw: 'R=100,G=200,B=150', shape: RGB, explode: true }, want: RGB_VALUE }],
    ['integer', { given: { raw: '42', shape: I }, want: 42 }],
    ['bad integer stays text', { given: { raw: 'forty', shape: I }, want: 'forty' }],
    ['number array', { given: { raw: '1.5,-2', shape: arr(N) }, want: [1.5, -2] }],
    ['boolean', { given: { raw: 'false', shape: B }, want: false }],
    ['no percent-decoding', { given: { raw: 'a%20b' }, want: 'a%20b' }],
    ['application/json content', { given: { raw: '{"a":[1,2]}', contentType: 'application/json', shape: obj({ a: arr(I) }) }, want: { a: [1, 2] } }],
    ['invalid JSON content stays text', { given: { raw: '{a', contentType: 'application/json', shape: obj({}) }, want: '{a' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const { raw, ...options } = given;
    expect(parseHeaderParameter(raw, param('header', options))).toEqual(want);
  });
});

describe('cookie parameters (form)', () => {
  it('parseCookies splits, trims and decodes; the first of a repeated name wins', () => {
    const cookies = parseCookies('session=abc123; prefs=1,2,3;other=x%20y; session=second; broken; empty=');
    expect([...cookies]).toEqual([
      ['session', 'abc123'],
      ['prefs', '1,2,3'],
      ['other', 'x y'],
      ['empty', ''],
    ]);
  });

  it('parseCookies keeps malformed encodings and unquotes quoted values', () => {
    const cookies = parseCookies('a=%E0%A4%A; b="quoted value"; c=x=y');
    expect(cookies.get('a')).toBe('%E0%A4%A');
    expect(cookies.get('b')).toBe('quoted value');
    expect(cookies.get('c')).toBe('x=y');
  });

  it('parseCookies with no header is empty', () => {
    expect(parseCookies(undefined).size).toBe(0);
    expect(parseCookies('').size).toBe(0);
  });

  const cases: Array<[string, { given: { raw: string } & ParamOptions; want: unknown }]> = [
    ['primitive', { given: { raw: 'blue' }, want: 'blue' }],
    ['array, explode false', { given: { raw: 'blue,black,brown', shape: arr(S), explode: false }, want: COLORS }],
    ['object, explode false', { given: { raw: 'R,100,G,200,B,150', shape: RGB, explode: false }, want: RGB_VALUE }],
    ['integer', { given: { raw: '7', shape: I }, want: 7 }],
    ['bad integer stays text', { given: { raw: 'seven', shape: I }, want: 'seven' }],
    ['integer array', { given: { raw: '1,2,x', shape: arr(I), explode: false }, want: [1, 2, 'x'] }],
    ['application/json content', { given: { raw: '{"a":1}', contentType: 'application/json', shape: obj({ a: I }) }, want: { a: 1 } }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const { raw, ...options } = given;
    expect(parseCookieParameter(raw, param('cookie', options))).toEqual(want);
  });
});
