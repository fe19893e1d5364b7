/**
 * `npm run bench`: runs every benchmark of the project — each `bench/*.bench.ts` module's
 * exported `run…Bench(): Promise<BenchRow[]>` functions, one after another — prints one table
 * and rewrites docs/benchmarks.md with the figures, the machine and the date.
 *
 * A module that fails to load, has no `run…Bench` export, throws or exceeds its time budget is
 * reported as failed and the run goes on. Benchmarks that need services use a scratch database
 * on DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and Redis at
 * 127.0.0.1:6379, on loopback only.
 *
 * Each module runs in a child process of its own (see runModuleIsolated).
 *
 * Options: `--only <substring>` runs the modules whose file name contains it (and leaves
 * docs/benchmarks.md alone unless `--write` is given); `--no-write` leaves it alone.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './bench-row';

/** Modules the project is expected to have; one that is absent is reported as failed. */
const EXPECTED_MODULES = ['engine.bench.ts', 'lineage.bench.ts', 'growth.bench.ts', 'queue.bench.ts', 'dashboard.bench.ts', 'api.bench.ts', 'cli.bench.ts'];

/** The longest a single run…Bench function may take before it is reported as failed. */
const BENCH_TIMEOUT_MS = 30 * 60_000;

interface Outcome {
  module: string;
  fn: string;
  seconds: number;
  rows: BenchRow[];
  error?: string;
}

function benchModules(dir: string, only: string | undefined): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => only === undefined || file.includes(only))
    .sort();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function message(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0].slice(0, 300);
}

function isBenchRow(row: unknown): row is BenchRow {
  const r = row as BenchRow;
  return !!r && typeof r.name === 'string' && typeof r.metric === 'string' && typeof r.value === 'number' && typeof r.unit === 'string';
}

async function runModule(dir: string, file: string): Promise<Outcome[]> {
  let exports: Record<string, unknown>;
  try {
    // require, not import(): the modules are TypeScript compiled on the fly by @swc-node/register.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    exports = require(join(dir, file));
  } catch (error) {
    return [{ module: file, fn: '-', seconds: 0, rows: [], error: `failed to load: ${message(error)}` }];
  }
  const fns = Object.entries(exports).filter(([name, value]) => /^run\w*Bench$/.test(name) && typeof value === 'function');
  if (fns.length === 0) return [{ module: file, fn: '-', seconds: 0, rows: [], error: 'exports no run…Bench function' }];
  const outcomes: Outcome[] = [];
  for (const [name, fn] of fns) {
    const fnStarted = Date.now();
    process.stdout.write(`▶ ${file} ${name} … `);
    try {
      const rows = await withTimeout(Promise.resolve((fn as () => Promise<unknown>)()), BENCH_TIMEOUT_MS);
      if (!Array.isArray(rows) || !rows.every(isBenchRow)) throw new Error('did not return BenchRow[]');
      outcomes.push({ module: file, fn: name, seconds: (Date.now() - fnStarted) / 1000, rows });
      process.stdout.write(`done in ${((Date.now() - fnStarted) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      outcomes.push({ module: file, fn: name, seconds: (Date.now() - fnStarted) / 1000, rows: [], error: message(error) });
      process.stdout.write(`FAILED: ${message(error)}\n`);
    }
  }
  return outcomes;
}

/**
 * One module in a child process of its own, so each benchmark measures its subject and not the heap
 * and JIT state earlier modules left behind (the engine's corpus pass ran ~15 % slower after the
 * 1 000 000-row GET /scans of api.bench.ts in the same process). The child runs `runModule` and
 * writes its outcomes to a scratch file; progress goes to this process's terminal.
 */
function runModuleIsolated(dir: string, file: string): Promise<Outcome[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'skill-audit-bench-'));
  const result = join(scratch, 'outcomes.json');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, __filename, '--module', file, '--outcomes', result], { stdio: 'inherit' });
    const settle = (why: string) => {
      try {
        resolve(JSON.parse(readFileSync(result, 'utf8')) as Outcome[]);
      } catch {
        resolve([{ module: file, fn: '-', seconds: 0, rows: [], error: `its process ended (${why}) without results` }]);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    };
    child.on('error', (error) => settle(message(error)));
    child.on('exit', (code, signal) => settle(signal ?? `exit code ${code}`));
  });
}

function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en');
  return Math.abs(value) >= 100 ? value.toFixed(1) : String(Math.round(value * 1000) / 1000);
}

function status(row: BenchRow): string {
  if (row.ok === undefined) return '';
  return row.ok ? 'ok' : 'MISSED';
}

function table(outcomes: Outcome[]): string[][] {
  const lines: string[][] = [];
  for (const outcome of outcomes) {
    if (outcome.error) {
      lines.push([outcome.module, outcome.fn, 'FAILED', '', '', '', outcome.error]);
      continue;
    }
    for (const row of outcome.rows) {
      lines.push([outcome.module, row.name, row.metric, formatValue(row.value), row.unit, row.target ?? '', status(row)]);
    }
  }
  return lines;
}

const HEADER = ['Module', 'Benchmark', 'Metric', 'Value', 'Unit', 'Target', 'Result'];

function printTable(rows: string[][]): void {
  const all = [HEADER, ...rows];
  const widths = HEADER.map((_, i) => Math.min(90, Math.max(...all.map((r) => r[i].length))));
  const line = (cells: string[]) => cells.map((c, i) => (i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log('');
  console.log(line(HEADER));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
}

function machine(): { cpu: string; cores: number; memoryGb: number; node: string } {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
  };
}

/** Generated sections; every other `## ` section of the file is a standalone run written by hand. */
const GENERATED_SECTIONS = new Set(['## Failed', '## How to read this']);

/**
 * The hand-written sections of the previous file (standalone runs such as the seeded 100 000
 * point, which `npm run bench` skips), kept in order so a full run does not erase them.
 */
export function standaloneSections(previous: string): string[] {
  const kept: string[] = [];
  const parts = previous.split(/^(?=## )/m).slice(1);
  for (const part of parts) {
    const heading = part.split('\n', 1)[0].trim();
    if (!GENERATED_SECTIONS.has(heading)) kept.push(part.trimEnd(), '');
  }
  return kept;
}

function markdown(rows: string[][], outcomes: Outcome[], startedAt: Date, seconds: number, loadAtStart: number[], standalone: string[]): string {
  const m = machine();
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' / ');
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const out: string[] = [
    '# Benchmarks',
    '',
    'Generated by `npm run bench` (bench/run.ts) — do not edit the table by hand; run it again instead. Sections between the table and "How to read this" are standalone runs; a full run keeps them.',
    '',
    `- Date: ${startedAt.toISOString()}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB memory`,
    `- Node.js: ${m.node}`,
    `- Databases: PostgreSQL at ${redactUrl(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')} (a scratch database per benchmark), Redis at 127.0.0.1:6379 where needed`,
    `- Duration: ${Math.round(seconds)} s`,
    `- Load average (1 / 5 / 15 min) at start: ${load(loadAtStart)}; at end: ${load(loadavg())} — a shared machine busier than its core count slows every figure`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map((_, i) => (i === 3 ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
    '',
  ];
  const failed = outcomes.filter((o) => o.error);
  if (failed.length > 0) {
    out.push('## Failed', '', ...failed.map((o) => `- \`${o.module}\` ${o.fn === '-' ? '' : `\`${o.fn}\` `}— ${o.error}`), '');
  }
  out.push(...standalone);
  out.push(
    '## How to read this',
    '',
    '- Each module in `bench/*.bench.ts` documents what it measures at its top; targets come from',
    '  `DESIGN.md` ("Performance targets") and the issues. `MISSED` marks a figure outside its target.',
    '- Latencies are wall-clock over loopback HTTP against the built API (`dist/main.js`) or of the',
    '  pure function in process; the machine is shared, so expect noise between runs.',
    '',
  );
  return out.join('\n');
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^@/:]+):[^@/]*@/, '//$1:***@');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const moduleIndex = args.indexOf('--module');
  if (moduleIndex >= 0) {
    // A child of runModuleIsolated: one module, its outcomes to the file the parent reads.
    writeFileSync(args[args.indexOf('--outcomes') + 1], JSON.stringify(await runModule(__dirname, args[moduleIndex + 1])));
    return;
  }
  const onlyIndex = args.indexOf('--only');
  const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;
  // A partial run (--only) would drop the other modules' figures from the file: opt in with --write.
  const write = only === undefined ? !args.includes('--no-write') : args.includes('--write');
  const dir = __dirname;
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const outcomes: Outcome[] = [];
  const files = benchModules(dir, only);
  for (const expected of EXPECTED_MODULES) {
    if (!files.includes(expected) && (only === undefined || expected.includes(only))) {
      outcomes.push({ module: expected, fn: '-', seconds: 0, rows: [], error: 'module missing' });
    }
  }
  for (const file of files) outcomes.push(...(await runModuleIsolated(dir, file)));
  const rows = table(outcomes);
  printTable(rows);
  if (write) {
    const target = join(dir, '..', 'docs', 'benchmarks.md');
    const standalone = existsSync(target) ? standaloneSections(readFileSync(target, 'utf8')) : [];
    writeFileSync(target, markdown(rows, outcomes, startedAt, (Date.now() - startedAt.getTime()) / 1000, loadAtStart, standalone));
    console.log(`Wrote ${target}`);
  }
  const failed = outcomes.filter((o) => o.error).length;
  if (failed > 0) console.log(`${failed} benchmark(s) failed; see the table.`);
}

// Run only as the entry point (`standaloneSections` is importable without starting every benchmark).
if (require.main === module) {
  main().then(
    // Benchmarks may leave pools or timers behind; the run is over.
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
