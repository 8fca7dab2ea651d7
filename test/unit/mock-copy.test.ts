import { describe, expect, it } from 'vitest';
import { clone, deepFreeze, project } from '../../src/runtime/mock/paths.js';

describe('the mock copies documents without structuredClone', () => {
  it('copies JSON data deeply: the copy shares no object with the original', () => {
    const doc = { a: 1, b: 'x', c: null, d: true, e: [1, { f: [2, 3] }], g: { h: { i: 'j' } } };
    const copy = clone(doc);
    expect(copy).toEqual(doc);
    expect(copy).not.toBe(doc);
    expect(copy.e).not.toBe(doc.e);
    expect(copy.e[1]).not.toBe(doc.e[1]);
    expect(copy.g.h).not.toBe(doc.g.h);
    (copy.g.h as { i: string }).i = 'changed';
    expect(doc.g.h.i).toBe('j');
  });

  it('keeps a __proto__ key a plain own key, never a prototype', () => {
    const doc = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<string, unknown>;
    const copy = clone(doc);
    expect(Object.keys(copy)).toEqual(['__proto__', 'x']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(doc));
  });

  it('copies what is not plain data (a Date, a typed array) as structuredClone does', () => {
    const when = new Date('2026-01-02T03:04:05Z');
    const copy = clone({ when, bytes: new Uint8Array([1, 2]) });
    expect(copy.when).toBeInstanceOf(Date);
    expect(copy.when).not.toBe(when);
    expect(copy.when.toISOString()).toBe(when.toISOString());
    expect([...copy.bytes]).toEqual([1, 2]);
  });

  it('copies a cycle and a value as deep as a request body may nest (1,000 levels)', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;
    const copy = clone(cyclic);
    expect(copy['name']).toBe('loop');
    expect(copy).not.toBe(cyclic);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 1000; i++) deep = [deep];
    expect(JSON.stringify(clone(deep))).toBe(JSON.stringify(deep));
  });

  it('projects an example from the caller own copy, copying only the example values', () => {
    const example = { id: 'x', tags: ['a'] };
    const doc = { id: 'stored', tags: ['b'], other: 1 };
    const out = project(example, doc) as typeof example;
    expect(out).toEqual({ id: 'stored', tags: ['b'] });
    expect(out.tags).toBe(doc.tags);
    const fromExample = project({ extra: { deep: 1 } }, {}) as { extra: { deep: number } };
    expect(fromExample.extra).toEqual({ deep: 1 });
    fromExample.extra.deep = 2;
    expect(fromExample.extra).not.toBe((example as unknown as { extra?: unknown }).extra);
  });

  it('freezes a shared value all the way down, so a change throws instead of leaking into later answers', () => {
    const shared = deepFreeze({ a: { b: [1, { c: 2 }] } });
    expect(Object.isFrozen(shared.a.b[1])).toBe(true);
    expect(() => {
      (shared.a.b[1] as { c: number }).c = 3;
    }).toThrow(TypeError);
  });
});
