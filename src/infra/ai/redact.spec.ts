import { FRAGMENT_LENGTH, REDACTED, redact, redactSecrets, safeMessage } from './redact';

describe('redact', () => {
  const token = 'my-Secret-Token-0123456789';

  it('removes the token in clear, URL-, JSON- and base64-encoded forms', () => {
    const text = `bad key ${token}; url ?key=${encodeURIComponent(token)} b64 ${Buffer.from(token).toString('base64')}`;
    const out = redact(text, [token]);
    expect(out).not.toContain(token);
    expect(out).not.toContain(Buffer.from(token).toString('base64'));
    expect(out).toContain(REDACTED);
  });

  it('removes Bearer values and key assignments', () => {
    expect(redact('Authorization: Bearer abc.def-ghi')).not.toContain('abc.def-ghi');
    expect(redact('header x-api-key: q1w2e3r4t5')).not.toContain('q1w2e3r4t5');
    expect(redact('{"api_key":"zzzz9999"}')).not.toContain('zzzz9999');
    expect(redact('password=hunter22')).not.toContain('hunter22');
  });

  it('removes key-like strings', () => {
    for (const secret of [
      'sk-proj-abcdefABCDEF123456',
      'sk-ant-api03-abcdefghijk',
      'AKIAIOSFODNN7EXAMPLE',
      'ghp_abcdefghijklmnopqrstuvwxyz012345',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcdefghijk',
      'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8',
    ]) {
      expect(redact(`error: ${secret} rejected`)).not.toContain(secret);
    }
  });

  it('keeps ordinary prose', () => {
    const text = 'The model gpt-4o-mini is overloaded, please retry in 30 seconds.';
    expect(redact(text)).toBe(text);
  });

  it('safeMessage redacts, flattens and bounds', () => {
    const out = safeMessage(`line1\nline2 ${token} ${'x'.repeat(1000)}`, [token], 100);
    expect(out).not.toContain(token);
    expect(out).not.toContain('\n');
    expect(out.length).toBeLessThanOrEqual(100);
  });
});

/** Every run of ≥ 8 characters of `secret` (the windows of length 8 cover all longer runs). */
function fragmentsIn(text: string, secret: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + FRAGMENT_LENGTH <= secret.length; i++) {
    const window = secret.slice(i, i + FRAGMENT_LENGTH);
    if (text.includes(window)) found.push(window);
  }
  return found;
}
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('token fragments (≥ 8 characters, plain and encoded)', () => {
  // Matches none of the generic patterns (no vendor prefix, < 32 characters), so only the
  // fragment redaction can catch it; '/' and '+' make its URL and base64 forms differ.
  const token = 'Qm7v/Tz2p+Lx9R/kW4n+Hc8J/dF3s';

  const echoes: Array<[string, string]> = [
    ['whole', `invalid key ${token} for this org`],
    ['split in two', `key starts ${token.slice(0, 14)} and ends ${token.slice(14)}`],
    ['split in three', `parts: ${token.slice(0, 9)} | ${token.slice(9, 19)} | ${token.slice(19)}`],
    ['URL-encoded', `GET /v1/models?key=${encodeURIComponent(token)}&x=1`],
    ['URL-encoded, split', `a=${encodeURIComponent(token).slice(0, 16)} b=${encodeURIComponent(token).slice(16)}`],
    ['JSON-escaped', JSON.stringify({ got: token })],
    ['base64, aligned', `creds ${b64(token)}`],
    ['base64 after 1 byte', `creds ${b64(`:${token}`)}`],
    ['base64 after 2 bytes', `creds ${b64(`u:${token}`)}`],
    ['base64url', `creds ${b64(`uu${token}`).replace(/\+/g, '-').replace(/\//g, '_')}`],
  ];

  it.each(echoes)('%s: no fragment of the token or of its encodings survives', (_kind, message) => {
    const out = redactSecrets(message, [token]);
    expect(out).toContain(REDACTED);
    for (const form of [token, encodeURIComponent(token), b64(token), b64(`:${token}`).slice(2), b64(`u:${token}`).slice(3)]) {
      expect(fragmentsIn(out, form)).toEqual([]);
    }
  });

  it('keeps the text around it and fragments shorter than 8 characters', () => {
    expect(redactSecrets(`before ${token} after`, [token])).toBe(`before ${REDACTED} after`);
    expect(redactSecrets(`short ${token.slice(0, 7)} ok`, [token])).toBe(`short ${token.slice(0, 7)} ok`);
    expect(redactSecrets('nothing to see', [token, null, undefined, ''])).toBe('nothing to see');
  });

  it('tokens shorter than 8 characters are removed whole', () => {
    expect(redactSecrets('key abc12 is wrong', ['abc12'])).toBe(`key ${REDACTED} is wrong`);
  });

  it('padding so that the work bound cuts the token: the cut-off part is still redacted', () => {
    const max = 200;
    const bound = 8 * max + 4096;
    for (const cut of [8, 14, 27]) {
      // whitespace padding collapses, so the fragment would be the first thing shown
      const padded = `${' '.repeat(bound - cut)}${token} trailing`;
      const out = safeMessage(padded, [token], max);
      expect(fragmentsIn(out, token)).toEqual([]);
      expect(out).toBe(REDACTED);
    }
  });

  it('redaction runs before the cut to max characters', () => {
    const out = safeMessage(`${'x'.repeat(180)} ${token}`, [token], 200);
    expect(fragmentsIn(out, token)).toEqual([]);
    expect(out.length).toBeLessThanOrEqual(200);
  });

  it('is linear: a 1 MB message with a 4 KB token takes well under a second', () => {
    const long = 'A1b2C3d4'.repeat(512);
    const text = 'lorem ipsum '.repeat(90_000) + long.slice(100, 200);
    const start = Date.now();
    const out = redactSecrets(text, [long]);
    expect(Date.now() - start).toBeLessThan(1500);
    expect(fragmentsIn(out, long)).toEqual([]);
  });
});
