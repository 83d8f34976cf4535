// The interval statistics of analyze and compare against hand-computed values.
import { describe, expect, it } from 'vitest';
import { excludesZero, histogram, meanOf, pairedDifference, quantile, unpairedDifference, wilson } from '../../cli/analyze/stats.js';

describe('interval statistics', () => {
  it('Wilson interval of 15 in 20 is [0.5313, 0.8881]', () => {
    const r = wilson(15, 20);
    expect(r.rate).toBe(0.75);
    expect(r.low).toBeCloseTo(0.5313, 4);
    expect(r.high).toBeCloseTo(0.8881, 4);
    // All successes: the interval still has width (0.8389 = 20 / (20 + 1.96²)).
    expect(wilson(20, 20).low).toBeCloseTo(0.8389, 4);
    expect(wilson(0, 0)).toMatchObject({ low: 0, high: 1 });
  });

  it('paired differences of [1,2,3,4] and [2,4,3,5]: mean 1, interval 1 ± 1.96·sqrt(2/3)/2', () => {
    const d = pairedDifference([1, 2, 3, 4], [2, 4, 3, 5]);
    expect(d.mean).toBe(1);
    expect(d.low).toBeCloseTo(1 - 0.80016, 4);
    expect(d.high).toBeCloseTo(1 + 0.80016, 4);
    expect(excludesZero(d)).toBe(true);
    expect(() => pairedDifference([1], [1, 2])).toThrow();
  });

  it('means, unpaired differences, quantiles and histograms', () => {
    expect(meanOf([2, 4, 6])).toMatchObject({ mean: 4, sd: 2 });
    const u = unpairedDifference([1, 3], [4, 6]);
    // Welch: se = sqrt(2/2 + 2/2) = sqrt(2).
    expect(u.mean).toBe(3);
    expect(u.high - u.mean).toBeCloseTo(1.96 * Math.SQRT2, 2);
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(histogram([1, 1, 2, 5], 10)).toEqual({ from: 1, width: 1, counts: [2, 1, 0, 0, 1] });
  });
});
