import { describe, expect, it } from 'vitest';
import { figureOf, settled } from '../../bench/windows.js';

// Windows measured under callgrind (thousands of instructions per request), in order.
const MOCK_LIST = [102.6, 260.4, 149.2, 72.3, 68.9];
const MOCK_LIST_LONGER = [104.6, 123.0, 75.6, 72.5, 72.2, 77.8, 71.5, 71.3, 70.9];

describe('the request-path bench figure', () => {
  it('is not one of the windows the JIT still compiled in: windows go on until the last 3 agree', () => {
    // The median of 5 fixed windows was 102.6, a window that ran in baseline code.
    expect(settled(MOCK_LIST, 3, 0.02)).toBe(false);
    expect(settled(MOCK_LIST_LONGER.slice(0, 5), 3, 0.02)).toBe(false);
    expect(settled(MOCK_LIST_LONGER.slice(0, 6), 3, 0.02)).toBe(false); // a major collection at 77.8
    expect(settled(MOCK_LIST_LONGER, 3, 0.02)).toBe(true);
    const f = figureOf(MOCK_LIST_LONGER, 3, 0.02);
    expect(f.figure).toBe(71.3);
    expect(f.settled).toBe(true);
    expect(f.range).toBeLessThan(0.01);
  });

  it('says when the cap was reached before the windows agreed', () => {
    const f = figureOf(MOCK_LIST, 3, 0.02);
    expect(f.settled).toBe(false);
    expect(f.figure).toBe(72.3);
  });
});
