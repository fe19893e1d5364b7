import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { suiteEnv } from './e2e-run';

/**
 * A separate `src/worker.ts` process (via @swc-node/register), with its output captured. It gets
 * the suite's environment (database, Redis, queue prefix) plus `env` as its own process
 * environment: a child process reads its configuration from there, like in production.
 */
export interface WorkerProcess {
  pid: number;
  output: () => string;
  /**
   * Sends the signal and resolves with how the process ended: `exit:<code>` or `signal:<name>`
   * (Nest re-raises SIGTERM after a graceful shutdown → `signal:SIGTERM`; `signal:SIGKILL` means
   * it did not stop within `graceMs`).
   */
  stop: (signal?: NodeJS.Signals, graceMs?: number) => Promise<string>;
}

const ROOT = join(__dirname, '..', '..');

export async function startWorker(env: Record<string, string>, readyTimeoutMs = 90_000): Promise<WorkerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', 'src/worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...(await suiteEnv()), RUN_MIGRATIONS: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? `signal:${signal}` : `exit:${code}`)),
  );

  const ready = await Promise.race([
    (async () => {
      const until = Date.now() + readyTimeoutMs;
      while (Date.now() < until) {
        if (output.includes('Consuming queue')) return true;
        if (child.exitCode !== null) return false;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    })(),
    exited.then(() => false),
  ]);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', graceMs = 20_000): Promise<string> => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  if (!ready) {
    await stop('SIGKILL');
    throw new Error(`worker did not start:\n${output.slice(-2000)}`);
  }
  return { pid: child.pid!, output: () => output, stop };
}
