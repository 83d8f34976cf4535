import { describe, expect, it } from 'vitest';
import { giveBack, PlaceMarks, takeMarks, type MarksPool } from '../../interpreter/builtins/place-marks.js';

describe('scratch marks of board searches', () => {
  it('a new search sees none of the last one’s marks, also when the epoch wraps round', () => {
    const m = new PlaceMarks(4);
    m.clear();
    m.set(1, 7);
    expect([m.has(1), m.get(1, -1), m.has(2), m.get(2, -1)]).toEqual([true, 7, false, -1]);
    // The last epoch before the wrap: the next clear must still forget place 1's mark.
    (m as unknown as { epoch: number }).epoch = 0x7fffffff;
    m.set(1, 3);
    m.clear();
    expect([m.has(1), m.get(1, -1)]).toEqual([false, -1]);
    m.set(2, 5);
    expect([m.has(2), m.get(2, 0), m.has(1)]).toEqual([true, 5, false]);
  });

  it('searches under way hold different buffers; a finished one’s buffer is reused, cleared', () => {
    const pool: MarksPool = { size: 3, free: [] };
    const outer = takeMarks(pool);
    outer.set(0, 1);
    const inner = takeMarks(pool);
    expect(inner).not.toBe(outer);
    inner.set(0, 2);
    expect(outer.get(0, 0)).toBe(1);
    giveBack(pool, inner);
    const again = takeMarks(pool);
    expect(again).toBe(inner);
    expect(again.has(0)).toBe(false);
  });

  it('an open place is settled once; a settled place is neither open nor marked, also in the next search', () => {
    const m = new PlaceMarks(3);
    m.clear();
    m.open(0);
    m.open(1);
    m.settle(1, 4);
    expect([m.isOpen(0), m.isOpen(1), m.isOpen(2), m.settled(1), m.has(1)]).toEqual([true, false, false, 4, false]);
    m.clear();
    expect([m.isOpen(0), m.isOpen(1), m.has(0)]).toEqual([false, false, false]);
  });
});
