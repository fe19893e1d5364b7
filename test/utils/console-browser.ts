import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const ROOT = join(__dirname, '..', '..');
const BUNDLE_INDEX = join(ROOT, 'dist', 'console', 'index.html');

/** Debian's Chromium (`.ci/run` installs it); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the console bundle (dist/console) when it is missing or older than its sources. */
export function ensureConsoleBuilt(): void {
  const sources = Math.max(newestMtime(join(ROOT, 'console', 'src')), statSync(join(ROOT, 'console', 'index.html')).mtimeMs);
  if (existsSync(BUNDLE_INDEX) && statSync(BUNDLE_INDEX).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'console/vite.config.mts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export interface ConsoleBrowser {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors (a CSP violation shows up here). */
  problems: string[];
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile, no network beyond the loopback app. */
export async function launchConsoleBrowser(): Promise<ConsoleBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'console-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
  });
  // A loaded 2-core machine: generous, but bounded, waits.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    // The API's own 4xx answers (a wrong password, an unknown scan) are expected in some steps.
    if (msg.type() === 'error' && !/status of (401|404)/.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core (WCAG 2 A/AA rules) in the page and returns the serious and critical
 * violations. axe is evaluated through the DevTools protocol, so the app's CSP (no inline
 * script) stays in force for the app itself.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')) }));
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Where the run's screenshots go: CONSOLE_SCREENSHOTS (docs/console to refresh the docs) or a temp dir. */
export function screenshotDir(): string {
  return process.env.CONSOLE_SCREENSHOTS ? join(ROOT, process.env.CONSOLE_SCREENSHOTS) : mkdtempSync(join(tmpdir(), 'console-shots-'));
}

export interface DetailTiming {
  /** ms from navigation start until every finding of the scan is in the DOM */
  findingsRenderedMs: number;
  /** ms from navigation start until a severity filter change is rendered (and a frame has passed) */
  interactiveMs: number;
  /** ms from the filter change to its rendered answer */
  filterMs: number;
  /** ms from navigation start until the scan's JSON (GET /api/scans/{id}) had arrived */
  scanLoadedMs: number;
}

/**
 * Opens a scan's detail page and measures, in the page (performance.now(), whose origin is the
 * navigation start): when all `findings` findings are rendered, and when a change of the
 * severity filter to `severity` has been answered (`findingsAfter` findings shown, next frame).
 * Benchmarks report these figures; tests only use the page state they leave behind.
 */
export async function measureDetail(page: Page, url: string, expected: { findings: number; severity: string; findingsAfter: number }): Promise<DetailTiming> {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate(async ({ findings, severity, findingsAfter }) => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const count = () => document.querySelectorAll('main li.finding').length;
    const deadline = performance.now() + 60_000;
    const until = async (done: () => boolean, step: number) => {
      while (!done()) {
        if (performance.now() > deadline) throw new Error(`detail page: ${count()} findings rendered, condition not reached`);
        await sleep(step);
      }
    };
    await until(() => count() >= findings, 5);
    const findingsRenderedMs = performance.now();
    const select = document.querySelector<HTMLSelectElement>('.filters select');
    if (!select) throw new Error('detail page: no severity filter');
    const changed = performance.now();
    select.value = severity;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => count() === findingsAfter, 0);
    await nextFrame();
    const interactiveMs = performance.now();
    const scanRequest = performance.getEntriesByType('resource').find((e) => /\/api\/scans\/\d+$/.test(e.name)) as PerformanceResourceTiming | undefined;
    return {
      findingsRenderedMs: Math.round(findingsRenderedMs),
      interactiveMs: Math.round(interactiveMs),
      filterMs: Math.round(interactiveMs - changed),
      scanLoadedMs: Math.round(scanRequest?.responseEnd ?? -1),
    };
  }, expected);
}
