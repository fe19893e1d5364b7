import { parseArgs } from 'node:util';
import { CLI_LANGUAGES, type CliLanguage } from './cli-texts';

export const FAIL_ON = ['review', 'block'] as const;
export const FORMATS = ['table', 'json', 'sarif'] as const;

export interface CliOptions {
  paths: string[];
  server: string | null;
  failOn: (typeof FAIL_ON)[number];
  format: (typeof FORMATS)[number];
  output: string | null;
  ai: boolean;
  language: CliLanguage;
}

/** A usage problem: exit 2 with the (localized) message. */
export class UsageError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

function oneOf<T extends string>(option: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError('errors.badValue', { option, allowed: allowed.join(', ') });
  return value as T;
}

/** The language before the arguments are validated (so usage errors are in it too): --lang, else the locale's (LANG), else de like the service. */
export function languageOf(argv: readonly string[], env: NodeJS.ProcessEnv): CliLanguage {
  const supported = (value: string | undefined): value is CliLanguage => (CLI_LANGUAGES as readonly string[]).includes(value ?? '');
  const i = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  const given = i < 0 ? undefined : argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  if (supported(given)) return given;
  const locale = env.LC_ALL || env.LANG;
  const fromLocale = locale?.slice(0, 2).toLowerCase();
  return supported(fromLocale) ? fromLocale : 'de';
}

/** `scan PATH… [--server URL] [--fail-on review|block] [--format table|json|sarif] [--output FILE] [--ai] [--lang de|en|es]`. */
export function parseCliArgs(argv: readonly string[], defaultLanguage: CliLanguage = 'de'): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        server: { type: 'string' },
        'fail-on': { type: 'string' },
        format: { type: 'string' },
        output: { type: 'string' },
        ai: { type: 'boolean' },
        lang: { type: 'string' },
      },
    });
  } catch {
    throw new UsageError('errors.usage');
  }
  const [command, ...paths] = parsed.positionals;
  if (command !== 'scan') throw new UsageError('errors.usage');
  if (paths.length === 0) throw new UsageError('errors.noPath');
  const { values } = parsed;
  const server = values.server ?? null;
  if (server !== null && !/^https?:\/\/[^\s/]+/.test(server)) throw new UsageError('errors.badServer');
  if (values.ai && server === null) throw new UsageError('errors.aiNeedsServer');
  return {
    paths,
    server,
    failOn: oneOf('fail-on', values['fail-on'], FAIL_ON, 'block'),
    format: oneOf('format', values.format, FORMATS, 'table'),
    output: values.output ?? null,
    ai: values.ai ?? false,
    language: oneOf('lang', values.lang, CLI_LANGUAGES, defaultLanguage),
  };
}
