import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './i18n.setup';

/**
 * The language of a request: `lang` query, then Accept-Language (by q-value), then `de`.
 * Used for error bodies, rule texts and the language a scan is created in.
 */
export function requestLanguage(query: unknown, acceptLanguage: string | string[] | undefined): Language {
  const lang = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).lang : undefined;
  const fromQuery = typeof lang === 'string' ? primary(lang) : undefined;
  if (fromQuery) return fromQuery;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (header) {
    const ranked = header
      .slice(0, 512)
      .split(',')
      .map((part, index) => {
        const [tag, ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        const weight = q ? Number(q.slice(2)) : 1;
        return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
      })
      .filter((entry) => entry.weight > 0)
      .sort((a, b) => b.weight - a.weight || a.index - b.index);
    for (const entry of ranked) {
      const language = primary(entry.tag);
      if (language) return language;
    }
  }
  return DEFAULT_LANGUAGE;
}

function primary(tag: string): Language | undefined {
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}
