import { rowRange } from './row-range';

describe('rowRange', () => {
  it('covers the viewport plus the overscan, clamped to the rows', () => {
    expect(rowRange(1000, 0, 20, 200, 5)).toEqual({ first: 0, last: 15 });
    expect(rowRange(1000, 2000, 20, 200, 5)).toEqual({ first: 95, last: 115 });
  });

  it('never starts past the end when the scroll position is stale (a shorter list)', () => {
    expect(rowRange(50, 100_000, 20, 200, 5)).toEqual({ first: 35, last: 50 });
    expect(rowRange(3, 500, 20, 200, 5)).toEqual({ first: 0, last: 3 });
  });
});
