import { findingChanges } from './finding-changes';

const f = (fingerprint: string, id = 0) => ({ fingerprint, id });

describe('findingChanges', () => {
  it('splits by fingerprint: added in current only, resolved in previous only', () => {
    const changes = findingChanges([f('a', 1), f('b', 2), f('c', 3)], [f('b', 10), f('d', 11)]);
    expect(changes).toEqual({ added: [f('a', 1), f('c', 3)], resolved: [f('d', 11)], unchangedCount: 1 });
  });

  it('counts repeats of a fingerprint as a multiset', () => {
    const changes = findingChanges([f('a', 1), f('a', 2)], [f('a', 3)]);
    expect(changes).toEqual({ added: [f('a', 2)], resolved: [], unchangedCount: 1 });
    expect(findingChanges([], [f('a'), f('a')])).toEqual({ added: [], resolved: [f('a'), f('a')], unchangedCount: 0 });
  });
});
