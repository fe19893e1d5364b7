import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AcceptLanguageResolver, I18nModule, QueryResolver } from 'nestjs-i18n';

export const SUPPORTED_LANGUAGES = ['de', 'en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** The top-level i18n/ folder, found from src/ (ts) and dist/ (js) alike. */
export function i18nDirectory(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'i18n');
    if (existsSync(join(candidate, DEFAULT_LANGUAGE))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('i18n/ directory not found');
}

/** `lang` query → Accept-Language → de. */
export const AppI18nModule = I18nModule.forRoot({
  fallbackLanguage: DEFAULT_LANGUAGE,
  fallbacks: { 'de-*': 'de', 'en-*': 'en', 'es-*': 'es' },
  loaderOptions: { path: i18nDirectory(), watch: false },
  resolvers: [new QueryResolver(['lang']), AcceptLanguageResolver],
  throwOnMissingKey: false,
});
