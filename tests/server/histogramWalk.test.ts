// Where a list's walk of a sort index meets its matches, told from the sort field's histogram.

import { describe, expect, it } from 'vitest';
import { boundKey, histogramWalk } from '../../server/crud/listRecords';

/** 101 bounds of class names sorted: X … (0–33 %), XI … (33–67 %), XII … (67–100 %), four majors each. */
const bounds = Array.from({ length: 101 }, (_, i) => {
  const grade = i < 33 ? 'X' : i < 67 ? 'XI' : 'XII';
  const start = grade === 'X' ? 0 : grade === 'XI' ? 33 : 67;
  const major = ['Bahasa', 'IPA', 'IPS', 'Teknik'][Math.min(3, Math.floor(((i - start) / 34) * 4))];
  return `${grade} ${major} ${1000 + i}`;
});

describe('histogramWalk', () => {
  it('puts the matches where the values that hold the text are, from either end', () => {
    // "xi ipa" sits in the stretch of XI IPA: 41–50 % of the way up.
    const up = histogramWalk(bounds, 'xi ipa', 'asc', 1001, 8000, 100_000)!;
    expect(up).toBeGreaterThan(41_000);
    expect(up).toBeLessThan(55_000);
    // Down from the end: past XII …, XI Teknik and XI IPS first.
    const down = histogramWalk(bounds, 'XI IPA', 'desc', 1001, 8000, 100_000)!;
    expect(down).toBeGreaterThan(50_000);
    expect(down).toBeLessThan(62_000);
    // "xii" starts two thirds of the way up, and is met at once from the top.
    expect(histogramWalk(bounds, 'xii', 'asc', 26, 27_000, 100_000)).toBeGreaterThan(66_000);
    expect(histogramWalk(bounds, 'xii', 'desc', 26, 27_000, 100_000)).toBeLessThan(5000);
  });

  it('goes further for more matches, to just past the last stretch that holds them', () => {
    const few = histogramWalk(bounds, 'ipa', 'asc', 26, 25_000, 100_000)!;
    const many = histogramWalk(bounds, 'ipa', 'asc', 20_000, 25_000, 100_000)!;
    expect(many).toBeGreaterThan(few);
    // The last "IPA" values are XII IPA's, at 75–83 %.
    const all = histogramWalk(bounds, 'ipa', 'asc', 1_000_000, 25_000, 100_000)!;
    expect(all).toBeGreaterThan(83_000);
    expect(all).toBeLessThan(90_000);
    expect(histogramWalk(bounds, 'teknik', 'asc', 1_000_000, 25_000, 100_000)).toBe(100_000);
  });

  it('cannot tell without a histogram or when no value holds the text', () => {
    expect(histogramWalk(null, 'ipa', 'asc', 26, 25_000, 100_000)).toBeUndefined();
    expect(histogramWalk(['a'], 'a', 'asc', 26, 25_000, 100_000)).toBeUndefined();
    expect(histogramWalk(bounds, 'B-42', 'asc', 26, 25_000, 100_000)).toBeUndefined();
  });
});

describe('boundKey', () => {
  it('names the value about as many rows along the order, from either end', () => {
    // 44 % of the way up: the 44th of 100 stretches ends at the 45th bound.
    expect(boundKey(bounds, 'asc', 44_000, 100_000)).toBe(bounds[44]);
    // From the top down, 30 % of the way is 70 % of the way up.
    expect(boundKey(bounds, 'desc', 30_000, 100_000)).toBe(bounds[70]);
    // A walk shorter than one stretch still ends at a value, not at the first one.
    expect(boundKey(bounds, 'asc', 10, 100_000)).toBe(bounds[1]);
    expect(boundKey(bounds, 'desc', 10, 100_000)).toBe(bounds[99]);
  });

  it('has none to give without a histogram, or when the walk would reach the last value', () => {
    expect(boundKey(null, 'asc', 500, 1000)).toBeUndefined();
    expect(boundKey(['only'], 'asc', 500, 1000)).toBeUndefined();
    expect(boundKey(bounds, 'asc', 99_999, 100_000)).toBeUndefined();
    expect(boundKey(bounds, 'desc', 100_000, 100_000)).toBeUndefined();
  });
});
