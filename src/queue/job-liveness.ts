/**
 * Whether an awaited job can still finish (issue 12: a lost job must not hold a request for the
 * whole AI_JOB_WAIT_MS). Plain functions over what a look-up in Redis returned; the BullMQ
 * runner polls and applies them.
 */

/** What Redis holds about a job right now. */
export type JobSnapshot =
  | { state: 'missing' }
  | { state: 'waiting' }
  | { state: 'active'; processedBy: string | null }
  | { state: 'completed'; returnvalue: unknown }
  | { state: 'failed'; failedReason: string };

/**
 * `pending`: nothing to say yet. `lost`: the job vanished (Redis flushed, queue obliterated), its
 * worker is gone, or BullMQ failed it as stalled. `noWorker`: it waits and no worker consumes
 * the queue.
 */
export type Verdict = 'pending' | 'completed' | 'failed' | 'lost' | 'noWorker';

/** Whether BullMQ failed the job because its worker stopped renewing the lock (maxStalledCount 0). */
export function isStalledFailure(failedReason: string): boolean {
  return /stalled/i.test(failedReason);
}

/**
 * @param liveWorkers names of the workers connected to the queue right now; null when Redis
 *   cannot tell (CLIENT LIST refused), in which case only the job's own state counts.
 */
export function judgeJob(snapshot: JobSnapshot, liveWorkers: ReadonlySet<string> | null): Verdict {
  switch (snapshot.state) {
    case 'missing':
      return 'lost';
    case 'completed':
      return 'completed';
    case 'failed':
      return isStalledFailure(snapshot.failedReason) ? 'lost' : 'failed';
    case 'active':
      if (liveWorkers === null) return 'pending';
      if (snapshot.processedBy !== null) return liveWorkers.has(snapshot.processedBy) ? 'pending' : 'lost';
      return liveWorkers.size === 0 ? 'lost' : 'pending';
    case 'waiting':
      return liveWorkers !== null && liveWorkers.size === 0 ? 'noWorker' : 'pending';
  }
}

/**
 * A verdict that ends a wait only once it has been seen twice in a row: a worker that is
 * reconnecting, or a look-up racing a state change, must not end a healthy wait. `completed` and
 * `failed` come from BullMQ itself and count at once.
 */
export class VerdictDebounce {
  private last: Verdict = 'pending';

  settle(verdict: Verdict): Verdict {
    if (verdict === 'completed' || verdict === 'failed') return verdict;
    const confirmed = verdict !== 'pending' && verdict === this.last;
    this.last = verdict;
    return confirmed ? verdict : 'pending';
  }
}

/** How BullMQ names a named worker's Redis connections, up to the worker name. */
export function workerClientNamePrefix(queuePrefix: string, queueName: string): string {
  return `${queuePrefix}:${Buffer.from(queueName).toString('base64')}:w:`;
}

/** Worker names from BullMQ's client list entries (`rawname` = workerClientNamePrefix + name). */
export function workerNames(clients: ReadonlyArray<Record<string, string>>, clientNamePrefix: string): Set<string> | null {
  const names = new Set<string>();
  for (const client of clients) {
    const raw = client.rawname;
    // Redis without CLIENT LIST answers one entry without a rawname: liveness unknown.
    if (raw === undefined) return null;
    names.add(raw.startsWith(clientNamePrefix) ? raw.slice(clientNamePrefix.length) : raw);
  }
  return names;
}
