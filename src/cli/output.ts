/** How the commands print: JSON for scripts, aligned tables for people. */
import { cliIo } from './io';

/** One column of a table: its heading and how a row shows in it. */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  /** Longer cells are cut to this many characters, ending in "…". */
  maxWidth?: number;
}

/** A cell as text: `-` for nothing, JSON for objects, and no line breaks. */
export function cellText(value: unknown, maxWidth?: number): string {
  let text: string;
  if (value === null || value === undefined || value === '') text = '-';
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value) ?? '-';
  text = text.replace(/\s*[\r\n]+\s*/g, ' ');
  if (maxWidth !== undefined && text.length > maxWidth)
    text = `${text.slice(0, Math.max(0, maxWidth - 1))}…`;
  return text;
}

/**
 * Rows as an aligned table: a heading line, then one line per row, columns two spaces apart and
 * no trailing spaces. No rows: the heading and `(none)`.
 */
export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((c) => cellText(c.value(row), c.maxWidth)));
  const widths = columns.map((c, i) =>
    Math.max(c.header.length, ...cells.map((line) => line[i].length)),
  );
  const line = (texts: string[]) =>
    texts
      .map((t, i) => t.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const lines = [line(columns.map((c) => c.header)), ...cells.map(line)];
  if (rows.length === 0) lines.push('(none)');
  return lines.join('\n');
}

/** A duration in seconds, as people read it: `45s`, `3m 12s`, `2h 5m`, `3d 4h`. */
export function ageText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/** Writes a line (or a value as indented JSON) to stdout. */
export function out(value: unknown): void {
  cliIo().out(`${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}\n`);
}

/** A list: JSON with `--json`, else a table of `columns`. */
export function printList<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  opts: { json?: boolean },
): void {
  out(opts.json ? rows : formatTable(rows, columns));
}

/** A progress line on stderr, so that stdout stays the command's result. */
export function progress(message: string): void {
  cliIo().err(`${message}\n`);
}
