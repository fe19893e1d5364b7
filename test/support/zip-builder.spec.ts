import AdmZip from 'adm-zip';
import { buildZip } from './zip-builder';

describe('zip-builder (test helper)', () => {
  it('writes archives that adm-zip reads back', () => {
    const buf = buildZip([
      { name: 'a.txt', data: 'hello' },
      { name: 'dir/', method: 0 },
      { name: 'dir/b.bin', data: Buffer.from([1, 2, 3]), method: 0 },
    ]);
    const zip = new AdmZip(buf);
    expect(zip.getEntries().map((e) => e.entryName)).toEqual(['a.txt', 'dir/', 'dir/b.bin']);
    expect(zip.readAsText('a.txt')).toBe('hello');
    expect([...zip.readFile('dir/b.bin')!]).toEqual([1, 2, 3]);
  });

  it('can lie about sizes, CRC and counts', () => {
    const buf = buildZip([{ name: 'a', data: 'x', declaredSize: 99, crc: 1 }], { declaredEntries: 7 });
    const eocd = buf.length - 22;
    expect(buf.readUInt16LE(eocd + 10)).toBe(7);
    expect(buf.readUInt32LE(22)).toBe(99); // local header uncompressed size
    expect(buf.readUInt32LE(14)).toBe(1); // local header crc
  });
});
