import type { LoggerService } from '@nestjs/common';

/** Collects every Nest log line of an app (install with `app.useLogger(recorder)`). */
export class LogRecorder implements LoggerService {
  readonly lines: string[] = [];

  private push(level: string, args: unknown[]): void {
    this.lines.push(`${level} ${args.map((a) => (typeof a === 'string' ? a : safeJson(a))).join(' ')}`);
  }

  log(...args: unknown[]): void {
    this.push('log', args);
  }
  error(...args: unknown[]): void {
    this.push('error', args);
  }
  warn(...args: unknown[]): void {
    this.push('warn', args);
  }
  debug(...args: unknown[]): void {
    this.push('debug', args);
  }
  verbose(...args: unknown[]): void {
    this.push('verbose', args);
  }
  fatal(...args: unknown[]): void {
    this.push('fatal', args);
  }

  get text(): string {
    return this.lines.join('\n');
  }
}

function safeJson(value: unknown): string {
  try {
    return value instanceof Error ? `${value.name}: ${value.message} ${value.stack ?? ''}` : JSON.stringify(value);
  } catch {
    return String(value);
  }
}
