// The capacity bar's colour and fill (spec 3 §4, §9: grey at 0 or less, green to 50, yellow to
// 80, red to 100 percent; the card grey when full).

import { describe, expect, it } from 'vitest';
import { barColour, isFull, persenOf } from '../../src/shared/api/selection';

describe('the capacity bar', () => {
  it.each([
    [0, 'grey'], [-5, 'grey'], [1, 'green'], [50, 'green'], [51, 'yellow'], [80, 'yellow'], [81, 'red'], [100, 'red'],
  ] as const)('%i percent is %s', (persen, colour) => {
    expect(barColour(persen)).toBe(colour);
  });

  it('fills by whole percent, rounded down, so only a full offering shows 100', () => {
    expect(persenOf(29, 30)).toBe(96);
    expect(persenOf(30, 30)).toBe(100);
    expect(persenOf(0, 30)).toBe(0);
    expect(persenOf(0, 0)).toBe(100);
    expect(isFull({ already: 30, capacity: 30 })).toBe(true);
    expect(isFull({ already: 29, capacity: 30 })).toBe(false);
  });
});
