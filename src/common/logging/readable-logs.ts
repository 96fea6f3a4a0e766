import type { LogFn, Logger } from 'pino';

/** Where a line of output goes: stdout, stderr or a test's sink. */
export interface LineOut {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * Logs for a developer at a terminal: one short line per record (`time LEVEL [context] message`)
 * instead of JSON. Used only in development when stdout is a terminal; production, pipes, files
 * and tests keep pino's JSON lines, which log collectors read.
 */
export function wantsReadableLogs(
  nodeEnv: string,
  stdout: { isTTY?: boolean } = process.stdout,
): boolean {
  return nodeEnv === 'development' && stdout.isTTY === true;
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields the line shows in its own way, or that a developer does not need (pid, hostname). */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'context',
  'msg',
  'req',
  'res',
  'responseTime',
  'err',
]);

/** One pino record as a line: `12:03:07.412 INFO  [Context] GET /path 200 3 ms message {rest}`. */
export function formatLogLine(record: Record<string, unknown>): string {
  const parts = [clockTime(record.time), (LEVELS[record.level as number] ?? 'LOG').padEnd(5)];
  if (typeof record.context === 'string' && record.context) parts.push(`[${record.context}]`);
  const req = record.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = record.res as { statusCode?: number } | undefined;
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof record.responseTime === 'number') parts.push(`${record.responseTime} ms`);
  const msg = record.msg;
  if (msg !== undefined && msg !== '')
    parts.push(typeof msg === 'string' ? msg : JSON.stringify(msg));
  const err = record.err as { type?: string; message?: string; stack?: string } | undefined;
  if (err?.message) parts.push(`(${err.type ?? 'Error'}: ${err.message})`);
  const rest = Object.entries(record).filter(([key]) => !SHOWN.has(key));
  if (rest.length > 0) parts.push(JSON.stringify(Object.fromEntries(rest)));
  const line = parts.join(' ');
  // A stack is what a developer needs to fix an error: below its line, indented.
  const stack = (record.level as number) >= 50 ? err?.stack?.split('\n').slice(1) : undefined;
  return stack?.length ? `${line}\n${stack.map((l) => `    ${l.trim()}`).join('\n')}` : line;
}

function clockTime(time: unknown): string {
  const d = new Date(typeof time === 'number' ? time : Date.now());
  const two = (n: number) => String(n).padStart(2, '0');
  const ms = String(d.getMilliseconds()).padStart(3, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${ms}`;
}

/** A pino destination that writes each JSON record as a readable line to `out` (synchronously). */
export class ReadableLogStream {
  constructor(private readonly out: { write(text: string): unknown } = process.stdout) {}

  write(chunk: string): void {
    const lines = chunk.split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const json of lines) {
      // Blank lines are kept (the banner stands between them).
      if (!json) {
        this.out.write('\n');
        continue;
      }
      let record: unknown;
      try {
        record = JSON.parse(json);
      } catch {
        record = undefined;
      }
      this.out.write(
        `${record && typeof record === 'object' ? formatLogLine(record as Record<string, unknown>) : json}\n`,
      );
    }
  }
}

/**
 * Nest's start-up chatter: one line per module and per route, and its own start lines (the
 * service logs its start-up steps and a banner itself).
 */
const STARTUP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/**
 * A pino `logMethod` hook that logs Nest's start-up chatter at debug instead of info, so that
 * a start shows the service's own steps in a few lines (LOG_LEVEL=debug shows them all).
 */
export function demoteStartupChatter(
  this: Logger,
  args: Parameters<LogFn>,
  method: LogFn,
  level: number,
): void {
  const first: unknown = args[0];
  const context =
    first && typeof first === 'object' ? (first as { context?: unknown }).context : undefined;
  if (level === 30 && typeof context === 'string' && STARTUP_CONTEXTS.has(context)) {
    this.debug(...args);
    return;
  }
  method.apply(this, args);
}
