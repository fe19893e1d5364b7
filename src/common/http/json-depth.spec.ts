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

  it('the 2 000-deep body of the fault report (4 KB) is refused; an unterminated string is left to the parser', () => {
    expect(jsonDepthExceeds(bytes(nested(2000)))).toBe(true);
    expect(jsonDepthExceeds(bytes(`{"a":"${'['.repeat(100)}`))).toBe(false);
    expect(jsonDepthExceeds(bytes(`["\\\\\\"${nested(40)}"]`))).toBe(false);
  });

  it('a 40 MB body made of one long string is a single search per string, not a loop per byte', () => {
    const big = bytes(JSON.stringify({ source: 'zip', contentBase64: 'QUJD'.repeat(10 * 1024 * 1024), text: '[' }));
    expect(jsonDepthExceeds(big, 1)).toBe(false);
    expect(jsonDepthExceeds(Buffer.concat([big.subarray(0, big.length - 1), bytes(`,"x":${nested(2)}}`)]), 1)).toBe(true);
  });
});
