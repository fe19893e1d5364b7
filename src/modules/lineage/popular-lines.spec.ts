import { PopularLines } from './popular-lines';

const line = (n: number, path = 'SKILL.md') => ({ path, hash: String(1000 + n), count: 1 });

describe('PopularLines', () => {
  it('names a line at a cap only when a probe found it frequent at that cap or a higher one', () => {
    const memo = new PopularLines();
    memo.add([line(1), line(2)], 8);
    memo.add([line(2)], 64);
    memo.add([line(2)], 8); // a later cap-8 probe does not lower what is known
    expect(memo.frequentAt([line(1), line(2), line(3)], 8)).toEqual([line(1), line(2)]);
    expect(memo.frequentAt([line(1), line(2), line(3)], 64)).toEqual([line(2)]);
    expect(memo.frequentAt([line(2)], 1_024)).toEqual([]);
    expect(memo.frequentAt([line(2, 'scripts/run.sh')], 8)).toEqual([]); // the same line at another path
  });

  it('keeps at most its capacity, dropping the lines noted longest ago', () => {
    const memo = new PopularLines(3);
    for (let n = 1; n <= 5; n++) memo.add([line(n)], 64);
    memo.add([line(3)], 1_024); // noted again: now the newest
    memo.add([line(6)], 64);
    expect(memo.size).toBe(3);
    expect(memo.frequentAt([1, 2, 3, 4, 5, 6].map((n) => line(n)), 64)).toEqual([line(3), line(5), line(6)]);
  });
});
