import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';

const bytes = (s: string) => Buffer.from(s, 'utf8');
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, up to the limit inclusive', () => {
    expect(jsonDepthExceeds(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(jsonDepthExceeds(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(jsonDepthExceeds(bytes('{"a":{"b":[{"c":1}]}}'), 4)).toBe(false);
    expect(jsonDepthExceeds(bytes('{"a":{"b":[{"c":1}]}}'), 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(jsonDepthExceeds(bytes(JSON.stringify({ text: '['.repeat(5000) })))).toBe(false);
    expect(jsonDepthExceeds(bytes(JSON.stringify({ text: 'a \\" [[[[ \\\\', b: '{{{{"' })), 1)).toBe(false);
    expect(jsonDepthExceeds(bytes(`{"a":"\\\\"}${nested(3)}`), 2)).toBe(true);
  });

  it('siblings do not add up; non-ASCII text is skipped safely', () => {
    expect(jsonDepthExceeds(bytes(`[${Array(1000).fill(nested(30)).join(',')}]`))).toBe(false);
    expect(jsonDepthExceeds(bytes(JSON.stringify({ t: 'Grüße 🎉 [' })), 1)).toBe(false);
  });

  it('the 2 000-deep body of the fault report (4 KB) is refused, and a 40 MB flat body scans in linear time', () => {
    expect(jsonDepthExceeds(bytes(nested(2000)))).toBe(true);
    const big = bytes(JSON.stringify({ source: 'text', text: 'x['.repeat(20 * 1024 * 1024) }));
    const start = process.hrtime.bigint();
    expect(jsonDepthExceeds(big)).toBe(false);
    expect(Number(process.hrtime.bigint() - start) / 1e6).toBeLessThan(2000);
  });
});
