import { REDACTED, redact, safeMessage } from './redact';

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
