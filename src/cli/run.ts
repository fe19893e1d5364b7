import { writeFileSync } from 'node:fs';
import { DomainError } from '../core/errors';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from '../core/ingest/ingest.types';
import { languageOf, parseCliArgs, UsageError, type CliOptions } from './cli-args';
import type { CliReport } from './cli-report';
import { CliTexts } from './cli-texts';
import { scanLocally } from './local-scan';
import { scanOnServer, ServerError } from './server-scan';
import { InputError, scanInputOf } from './skill-input';
import { formatTable } from './table';

export const EXIT_BELOW_THRESHOLD = 0;
export const EXIT_AT_THRESHOLD = 1;
export const EXIT_ERROR = 2;

const VERDICT_RANK = { pass: 0, review: 1, block: 2 } as const;

export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  /** The service's ZIP limits (the defaults unless a test narrows them). */
  limits?: IngestLimits;
  /** Called once before local scans with the bytes read (main.ts tunes the regex engine for them). */
  beforeLocalScans?: (bytes: number) => void;
  version: string;
}

/**
 * `skill-audit scan PATH…`: scans every PATH (locally or on --server), prints one report in the
 * chosen format and answers the exit code: 0 when every verdict is below --fail-on, 1 when one
 * reaches it, 2 on any error (one line on stderr, nothing on stdout).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const texts = new CliTexts(languageOf(argv, io.env));
  try {
    const options = parseCliArgs(argv, texts.language);
    const scanTexts = options.language === texts.language ? texts : new CliTexts(options.language);
    const reports = await scanAll(options, scanTexts, io);
    const output = await render(options, reports, scanTexts, io.stdout.isTTY === true && options.output === null && !io.env.NO_COLOR);
    if (options.output !== null) {
      try {
        writeFileSync(options.output, output);
      } catch {
        throw new UsageError('errors.cannotWrite', { file: options.output });
      }
    } else io.stdout.write(output);
    // A loop, not Math.max(...): a run over many skills must not depend on the argument-count limit.
    const worst = reports.reduce((max, [, r]) => Math.max(max, VERDICT_RANK[r.verdict]), -Infinity);
    return worst >= VERDICT_RANK[options.failOn] ? EXIT_AT_THRESHOLD : EXIT_BELOW_THRESHOLD;
  } catch (error) {
    io.stderr.write(`skill-audit: ${reasonOf(error, texts)}\n`);
    return EXIT_ERROR;
  }
}

async function scanAll(options: CliOptions, texts: CliTexts, io: CliIo): Promise<Array<[string, CliReport]>> {
  const limits = io.limits ?? DEFAULT_INGEST_LIMITS;
  const inputs = options.paths.map((path) => [path, scanInputOf(path, limits)] as const);
  if (options.server === null) io.beforeLocalScans?.(inputs.reduce((sum, [, input]) => sum + input.bytes, 0));
  const reports: Array<[string, CliReport]> = [];
  for (const [path, input] of inputs) {
    const report = options.server === null
      ? scanLocally(input, limits, texts, io.version)
      : await scanOnServer(input, options.server, options.ai, options.language);
    reports.push([path, report]);
  }
  return reports;
}

async function render(options: CliOptions, reports: Array<[string, CliReport]>, texts: CliTexts, colour: boolean): Promise<string> {
  switch (options.format) {
    case 'json': {
      const bodies = reports.map(([, r]) => r.json);
      return `${JSON.stringify(bodies.length === 1 ? bodies[0] : bodies, null, 2)}\n`;
    }
    case 'sarif': {
      // One log; one run per PATH.
      const logs = await Promise.all(reports.map(([, r]) => r.sarif()));
      const runs = logs.flatMap((log) => log.runs as unknown[]);
      return `${JSON.stringify({ ...logs[0], runs }, null, 2)}\n`;
    }
    default:
      return reports.map(([path, r]) => formatTable(path, r, texts, colour)).join('\n');
  }
}

function reasonOf(error: unknown, texts: CliTexts): string {
  if (error instanceof UsageError) return texts.cli(error.key, error.params);
  if (error instanceof DomainError) return texts.error(error.code, error.params);
  if (error instanceof InputError || error instanceof ServerError) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0].slice(0, 300);
}
