import { hostname } from 'node:os';
import { formatLogLine, LineOut, wantsReadableLogs } from '../logging/readable-logs';

/** Where start-up lines go: stdout, or stderr for a failure. */
const LEVELS = { info: 30, warn: 40, error: 50 } as const;

function record(level: keyof typeof LEVELS, msg: string, fields: Record<string, unknown>) {
  return {
    level: LEVELS[level],
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    context: 'Start',
    msg,
    ...fields,
  };
}

/**
 * One start-up (or stop) line, before or after the application's logger exists: readable on a
 * developer's terminal, a JSON line otherwise, shaped as the service's log records.
 */
export function startLine(
  nodeEnv: string,
  level: keyof typeof LEVELS,
  msg: string,
  out: LineOut = process.stdout,
): void {
  const line = record(level, msg, {});
  out.write(`${wantsReadableLogs(nodeEnv, out) ? formatLogLine(line) : JSON.stringify(line)}\n`);
}

/** What a process says once it serves: a headline, lines for a person, fields for a machine. */
export interface Banner {
  /** The JSON line's message, e.g. `listening`. */
  msg: string;
  /** The banner a person reads on a terminal: a headline and indented lines. */
  text: string[];
  /** The same facts as the JSON line's fields. */
  fields: Record<string, unknown>;
}

/**
 * The banner: its lines between blank lines on a terminal (whatever NODE_ENV), else one JSON
 * line among the logs (`context` Start, `msg` and the fields), which log collectors read.
 */
export function printBanner(banner: Banner, out: LineOut = process.stdout): void {
  out.write(
    out.isTTY === true
      ? `\n${banner.text.join('\n')}\n\n`
      : `${JSON.stringify(record('info', banner.msg, banner.fields))}\n`,
  );
}
