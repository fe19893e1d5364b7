import { createHash } from 'node:crypto';
import { fingerprintOf, sha256Hex } from './fingerprint';

describe('fingerprint', () => {
  it('hashes raw bytes with SHA-256', () => {
    expect(sha256Hex('hello')).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
  });

  it('is the SHA-256 of sorted "path\\thash\\n" lines', () => {
    const files = [
      { path: 'b.txt', hash: 'bb' },
      { path: 'SKILL.md', hash: 'aa' },
    ];
    const expected = createHash('sha256').update('SKILL.md\taa\nb.txt\tbb\n').digest('hex');
    expect(fingerprintOf(files)).toBe(expected);
  });

  it('does not depend on the order of the files', () => {
    const a = [{ path: 'x', hash: '1' }, { path: 'y', hash: '2' }];
    expect(fingerprintOf(a)).toBe(fingerprintOf([...a].reverse()));
  });

  it('changes when a path or a hash changes', () => {
    const base = fingerprintOf([{ path: 'x', hash: '1' }]);
    expect(fingerprintOf([{ path: 'y', hash: '1' }])).not.toBe(base);
    expect(fingerprintOf([{ path: 'x', hash: '2' }])).not.toBe(base);
  });
});
