/**
 * Ajv's own-property checks (`ownProperties`), made cheap for plain objects by cheapOwnChecks:
 * what a validator accepts must not change, whatever the object's prototype and the property's name.
 */
import { describe, expect, it } from 'vitest';
import { cheapOwnChecks, createAjv } from '../../src/runtime/validation/ajv.js';

const NAMES = ['a', 'constructor', 'toString', '__proto__', 'a"b\\c', 'x y', 'é', '\u2028', 'zz_polluted'];

function validator(): (data: unknown) => boolean {
  const ajv = createAjv({});
  const schema = { type: 'object', required: NAMES, properties: Object.fromEntries(NAMES.map((n) => [n, { type: 'integer' }])) };
  const fn = ajv.compile(schema);
  return (data) => fn(data) as boolean;
}

/** An object with every name as its own property, with `value`, and the given prototype. */
function own(proto: object | null, value: unknown = 1): Record<string, unknown> {
  const o = Object.create(proto) as Record<string, unknown>;
  for (const n of NAMES) Object.defineProperty(o, n, { value, enumerable: true, writable: true, configurable: true });
  return o;
}

describe('own-property checks', () => {
  it('are rewritten in the code Ajv writes, for every name, quotes and backslashes included', () => {
    const ajv = createAjv({});
    const fn = ajv.compile({ type: 'object', required: NAMES });
    const code = String(fn);
    expect(code).not.toMatch(/\(data\.a === undefined\) \|\| \(!\(func\d+\.call/);
    expect((code.match(/Object\.getPrototypeOf\(data\) === Object\.prototype/g) ?? []).length).toBe(NAMES.length);
  });

  it('accept an object that owns every property, plain or of null prototype', () => {
    const valid = validator();
    expect(valid(own(Object.prototype))).toBe(true);
    expect(valid(own(null))).toBe(true);
    expect(
      valid(JSON.parse(JSON.stringify(Object.fromEntries(NAMES.filter((n) => n !== '__proto__').map((n) => [n, 1]))).replace('{', '{"__proto__":1,'))),
    ).toBe(true);
  });

  it('refuse a property that is inherited, not owned: from a prototype object, a class getter, or Object.prototype', () => {
    const valid = validator();
    for (const missing of NAMES) {
      const inherited = own(Object.prototype);
      delete inherited[missing];
      const proto = { [missing]: 1 };
      const child = Object.assign(Object.create(proto) as Record<string, unknown>, inherited);
      expect(valid(child), `${missing} from a prototype object`).toBe(false);
      class Getter {
        get [missing](): number {
          return 1;
        }
      }
      const instance = Object.assign(new Getter() as unknown as Record<string, unknown>, inherited);
      expect(valid(instance), `${missing} from a class getter`).toBe(false);
    }
    // Names Object.prototype has are found there on a plain object without them: still refused
    // (by `required` alone: no type of the value's to refuse it instead).
    const required = createAjv({}).compile({ type: 'object', required: ['constructor', 'toString', '__proto__'] });
    expect(required({ constructor: 1, toString: 1, ['__proto__']: 1 })).toBe(true);
    expect(required(JSON.parse('{"constructor":1,"toString":1,"__proto__":1}'))).toBe(true);
    for (const name of ['constructor', 'toString', '__proto__']) {
      const plain = JSON.parse('{"constructor":1,"toString":1,"__proto__":1}') as Record<string, unknown>;
      Reflect.deleteProperty(plain, name);
      expect(required(plain), name).toBe(false);
    }
  });

  it('refuse a property that Object.prototype was given since the validator was compiled (the own check comes back)', () => {
    const valid = validator();
    const plain = own(Object.prototype);
    delete plain['zz_polluted'];
    expect(valid(plain)).toBe(false);
    Object.defineProperty(Object.prototype, 'zz_polluted', { value: 1, configurable: true, enumerable: false, writable: true });
    try {
      expect(valid(plain)).toBe(false);
    } finally {
      delete (Object.prototype as Record<string, unknown>)['zz_polluted'];
    }
  });

  it('leave alone a check whose reading and name differ, and any other text', () => {
    const odd = '(data.a === undefined) || (!(func0.call(data, "b")))';
    expect(cheapOwnChecks(odd)).toBe(odd);
    const other = 'data.a !== undefined && func0.call(data1, "a")';
    expect(cheapOwnChecks(other)).toBe(other);
    expect(cheapOwnChecks('data["a\\"b"] !== undefined && func_ab12.call(data, "a\\"b")')).toContain('!("a\\"b" in Object.prototype)');
  });
});
