import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { i18nDirectory, SUPPORTED_LANGUAGES } from './i18n.setup';

/** Every message exists in every language: a key missing in one language is a defect. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n files', () => {
  const dir = i18nDirectory();
  const namespaces = readdirSync(join(dir, 'de')).filter((f) => f.endsWith('.json'));

  it.each(namespaces)('%s has the same keys in de, en and es', (file) => {
    const [de, ...others] = SUPPORTED_LANGUAGES.map((lang) =>
      keysOf(JSON.parse(readFileSync(join(dir, lang, file), 'utf8'))).sort(),
    );
    for (const keys of others) expect(keys).toEqual(de);
  });

  it('translates every domain error code', () => {
    const source = readFileSync(join(__dirname, '../../core/errors.ts'), 'utf8');
    const codes = [...source.matchAll(/'(ingest\.[A-Za-z]+)'/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(10);
    for (const lang of SUPPORTED_LANGUAGES) {
      const keys = new Set(keysOf(JSON.parse(readFileSync(join(dir, lang, 'errors.json'), 'utf8'))));
      for (const code of codes) expect(keys).toContain(code);
    }
  });
});
