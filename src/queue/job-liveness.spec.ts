import { isStalledFailure, judgeJob, VerdictDebounce, workerClientNamePrefix, workerNames, type JobSnapshot } from './job-liveness';

const live = new Set(['host:101', 'host:102']);

describe('judgeJob', () => {
  it.each<[string, JobSnapshot, ReadonlySet<string> | null, string]>([
    ['a vanished job (flushed, obliterated) is lost', { state: 'missing' }, live, 'lost'],
    ['a vanished job is lost even when workers are unknown', { state: 'missing' }, null, 'lost'],
    ['a completed job is completed', { state: 'completed', returnvalue: 1 }, new Set(), 'completed'],
    ['a failed job is failed', { state: 'failed', failedReason: 'boom' }, live, 'failed'],
    ['a job failed as stalled is lost', { state: 'failed', failedReason: 'job stalled more than allowable limit' }, live, 'lost'],
    ['an active job whose worker is connected is pending', { state: 'active', processedBy: 'host:102' }, live, 'pending'],
    ['an active job whose worker disconnected is lost', { state: 'active', processedBy: 'host:999' }, live, 'lost'],
    ['an active job with no worker at all is lost', { state: 'active', processedBy: null }, new Set(), 'lost'],
    ['an active unnamed job with workers is pending', { state: 'active', processedBy: null }, live, 'pending'],
    ['an active job is pending when workers are unknown', { state: 'active', processedBy: 'host:999' }, null, 'pending'],
    ['a waiting job with no worker has noWorker', { state: 'waiting' }, new Set(), 'noWorker'],
    ['a waiting job with workers is pending', { state: 'waiting' }, live, 'pending'],
    ['a waiting job is pending when workers are unknown', { state: 'waiting' }, null, 'pending'],
  ])('%s', (_name, snapshot, workers, verdict) => {
    expect(judgeJob(snapshot, workers)).toBe(verdict);
  });

  it('recognises BullMQ stalled failures only', () => {
    expect(isStalledFailure('job stalled more than allowable limit')).toBe(true);
    expect(isStalledFailure('No handler for job "x"')).toBe(false);
  });
});

describe('VerdictDebounce', () => {
  it('confirms lost and noWorker only when seen twice in a row', () => {
    const d = new VerdictDebounce();
    expect(d.settle('lost')).toBe('pending');
    expect(d.settle('pending')).toBe('pending');
    expect(d.settle('lost')).toBe('pending');
    expect(d.settle('lost')).toBe('lost');
    const w = new VerdictDebounce();
    expect(w.settle('noWorker')).toBe('pending');
    expect(w.settle('lost')).toBe('pending');
    expect(w.settle('lost')).toBe('lost');
  });

  it('passes completed and failed at once', () => {
    expect(new VerdictDebounce().settle('completed')).toBe('completed');
    expect(new VerdictDebounce().settle('failed')).toBe('failed');
  });
});

describe('workerNames', () => {
  const prefix = workerClientNamePrefix('skill-audit', 'ai');

  it('names BullMQ clients as skill-audit:<base64 queue>:w:', () => {
    expect(prefix).toBe('skill-audit:YWk=:w:');
  });

  it('extracts the worker names from the client list', () => {
    const clients = [{ name: 'ai', rawname: `${prefix}host:1` }, { name: 'ai', rawname: `${prefix}host:1` }, { name: 'ai', rawname: `${prefix}other:7` }];
    expect(workerNames(clients, prefix)).toEqual(new Set(['host:1', 'other:7']));
    expect(workerNames([], prefix)).toEqual(new Set());
  });

  it('reports unknown liveness when Redis refuses CLIENT LIST', () => {
    expect(workerNames([{ name: 'GCP does not support client list' }], prefix)).toBeNull();
  });
});
