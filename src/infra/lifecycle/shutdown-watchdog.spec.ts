import { installShutdownWatchdog } from './shutdown-watchdog';

describe('installShutdownWatchdog', () => {
  afterEach(() => jest.useRealTimers());

  it('exits with 1 when shutdown outlives the deadline, once per signal burst', () => {
    jest.useFakeTimers();
    const exit = jest.fn();
    const messages: string[] = [];
    const log = { log: (m: string) => messages.push(m), error: (m: string) => messages.push(m) };
    const uninstall = installShutdownWatchdog(5_000, log, exit);
    try {
      process.emit('SIGTERM', 'SIGTERM');
      jest.advanceTimersByTime(4_999);
      expect(exit).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(exit).toHaveBeenCalledWith(1);
      expect(messages[0]).toMatch(/SIGTERM received/);
      expect(messages[1]).toMatch(/did not finish within 5000 ms/);
    } finally {
      uninstall();
    }
  });

  it('removes its listeners when uninstalled', () => {
    const before = process.listenerCount('SIGTERM');
    const uninstall = installShutdownWatchdog(1_000, { log: () => undefined, error: () => undefined }, jest.fn());
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    uninstall();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});
