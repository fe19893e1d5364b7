import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const CLI_LANGUAGES = ['de', 'en', 'es'] as const;
export type CliLanguage = (typeof CLI_LANGUAGES)[number];

type Json = Record<string, unknown>;

/** The top-level i18n/ folder, from src/cli (ts) and dist/cli (js) alike. */
function i18nDirectory(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'i18n', 'de'))) return join(dir, 'i18n');
    dir = dirname(dir);
  }
  throw new Error('i18n/ directory not found');
}

function lookup(tree: Json, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined), tree);
}

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/**
 * The service's texts (i18n/<lang>/*.json) without nestjs-i18n: rule and checkpoint texts for
 * local reports, error messages (`ingest.*` codes) and the CLI's own strings (cli.json).
 */
export class CliTexts {
  private readonly files = new Map<string, Json>();

  constructor(readonly language: CliLanguage) {}

  private file(name: string): Json {
    let tree = this.files.get(name);
    if (!tree) {
      tree = JSON.parse(readFileSync(join(i18nDirectory(), this.language, `${name}.json`), 'utf8')) as Json;
      this.files.set(name, tree);
    }
    return tree;
  }

  rule(ruleId: string): { title: string; description: string; remediation: string | null } {
    const entry = lookup(this.file('rules'), ruleId) as { title?: string; description?: string; remediation?: string } | undefined;
    return { title: entry?.title ?? ruleId, description: entry?.description ?? '', remediation: entry?.remediation ?? null };
  }

  checkpoint(category: string): string {
    const label = lookup(this.file('checkpoints'), category);
    return typeof label === 'string' ? label : category;
  }

  error(code: string, params: Record<string, string | number> = {}): string {
    const text = lookup(this.file('errors'), code);
    return typeof text === 'string' ? fill(text, params) : code;
  }

  cli(key: string, params: Record<string, string | number> = {}): string {
    const text = lookup(this.file('cli'), key);
    return typeof text === 'string' ? fill(text, params) : key;
  }
}
