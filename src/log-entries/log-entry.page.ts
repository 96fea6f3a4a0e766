import { PublicLogEntry } from './log-entries.service';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

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
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Log entry ${escapeHtml(entry.id)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse}th,td{text-align:left;padding:.4rem .8rem;border-bottom:1px solid #ddd;vertical-align:top}th{color:#555;font-weight:600}</style>
</head>
<body>
<h1>Log entry</h1>
<table>
${body}
</table>
</body>
</html>
`;
}
