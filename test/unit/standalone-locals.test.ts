import { describe, expect, it } from 'vitest';
import { dropUnusedErrorCounts } from '../../src/codegen/standalone-locals.js';

describe('dropUnusedErrorCounts', () => {
  it('drops an error count nothing reads and keeps one that is read', () => {
    const code = 'function v(data){let errors = 0;const _errs1 = errors;const _errs2 = errors;if(x){}var valid0 = _errs2 === errors;return valid0;}';
    expect(dropUnusedErrorCounts(code)).toBe('function v(data){let errors = 0;const _errs2 = errors;if(x){}var valid0 = _errs2 === errors;return valid0;}');
  });

  it('drops a verdict nothing reads (each declaration of it), and then the count it read', () => {
    const code =
      'function v(data){const _errs1 = errors;if(a){}var valid0 = _errs1 === errors;const _errs2 = errors;if(b){}var valid0 = _errs2 === errors;const _errs3 = errors;var valid1 = _errs3 === errors;if(valid1){}}';
    expect(dropUnusedErrorCounts(code)).toBe('function v(data){if(a){}if(b){}const _errs3 = errors;var valid1 = _errs3 === errors;if(valid1){}}');
    // A name in a string counts as a read.
    const quoted = 'function v(data){const _errs1 = errors;var valid0 = _errs1 === errors;if(data === "valid0"){}}';
    expect(dropUnusedErrorCounts(quoted)).toBe(quoted);
  });

  it('leaves string literals as they are, and counts a name in a string as a use', () => {
    const code = 'function v(data){if(data !== "const _errs3 = errors;"){}const _errs4 = errors;const _errs5 = errors;if(data === \'_errs5\'){}}';
    expect(dropUnusedErrorCounts(code)).toBe('function v(data){if(data !== "const _errs3 = errors;"){}const _errs5 = errors;if(data === \'_errs5\'){}}');
  });

  it('counts names per line (one compiled function)', () => {
    const code = 'function a(){const _errs1 = errors;}\nfunction b(){var valid = _errs1 === errors;}';
    expect(dropUnusedErrorCounts(code)).toBe('function a(){}\nfunction b(){var valid = _errs1 === errors;}');
  });

  it('drops a schema part read into a local nothing reads, and keeps one that is read', () => {
    const code = 'function v(data){const vSchema0 = s_1a2b3c;if(data !== "a"){e(s_1a2b3c);}const vSchema1 = s_4d5e6f;if(!vSchema1.includes(data)){}}';
    expect(dropUnusedErrorCounts(code)).toBe('function v(data){if(data !== "a"){e(s_1a2b3c);}const vSchema1 = s_4d5e6f;if(!vSchema1.includes(data)){}}');
    const other = 'function v(data){const vSchema0 = schema_1a2b.enum;}';
    expect(dropUnusedErrorCounts(other)).toBe(other);
  });
});
