/** The signals both entries shut down on (Nest's enableShutdownHooks handles them too). */
const SHUTDOWN_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Graceful shutdown with a deadline. On SIGTERM/SIGINT Nest's shutdown hooks stop the process
 * in order — the API stops accepting connections and lets in-flight requests finish (a scan may
 * wait up to AI_JOB_WAIT_MS for its AI job); the worker lets its active jobs finish — and then
 * close the database and Redis connections. Should that hang, this watchdog ends the process
 * after `timeoutMs` with exit code 1. Its timer is unref'd, so it never delays a clean exit.
 * Keep `timeoutMs` below the orchestrator's kill deadline (compose `stop_grace_period`).
 */
export function installShutdownWatchdog(
  timeoutMs: number,
  log: { log: (message: string) => void; error: (message: string) => void },
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  let armed = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (armed) return;
    armed = true;
    log.log(`${signal} received: shutting down gracefully (deadline ${timeoutMs} ms)`);
    setTimeout(() => {
      log.error(`Graceful shutdown did not finish within ${timeoutMs} ms; exiting`);
      exit(1);
    }, timeoutMs).unref();
  };
  // `once`: after Nest's hooks finish it re-raises the signal, which must then end the process.
  for (const signal of SHUTDOWN_SIGNALS) process.once(signal, onSignal);
  return () => {
    for (const signal of SHUTDOWN_SIGNALS) process.removeListener(signal, onSignal);
  };
}
