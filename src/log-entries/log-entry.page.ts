import { escapeHtml, pageDocument } from '../common/pages';
import { PublicLogEntry } from './log-entries.service';

/** The page's own style, after the shared one: a plain table of the entry's fields. */
const STYLE =
  'body{margin:2rem;color:#222}table{border-collapse:collapse}th,td{text-align:left;padding:.4rem .8rem;border-bottom:1px solid #ddd;vertical-align:top}th{color:#555;font-weight:600}';

/** The log entry as a small self-contained HTML page. */
export function renderLogEntryPage(entry: PublicLogEntry): string {
  const rows: [string, string][] = [
    ['Log entry', entry.id],
    ['Time (UTC)', entry.createdAt],
    ['Status', String(entry.status)],
    ['Request', `${entry.method} ${entry.route}`],
    ['Code', entry.code],
    ['Message', entry.message],
    ['Request id', entry.requestId],
  ];
  const body = rows
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('\n');
  return pageDocument({
    lang: 'en',
    title: `Log entry ${entry.id}`,
    style: STYLE,
    body: `<h1>Log entry</h1>\n<table>\n${body}\n</table>`,
  });
}
