import type { Response } from 'express';
import { escapeHtml } from '../messages/message-templates';

/**
 * Sends a server-rendered page that is for its viewer only (a form, a signed-in view): not
 * cached, not sent on as a referrer, not indexed.
 */
export function sendPrivatePage(res: Response, status: number, html: string): void {
  res
    .status(status)
    .setHeader('Cache-Control', 'no-store')
    .setHeader('Referrer-Policy', 'no-referrer')
    .setHeader('X-Robots-Tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The HTML document of such a page: `lang`, UTF-8, a phone-sized viewport, `noindex`, the title
 * (escaped here), its inline style (the CSP allows inline styles) and `content` (HTML the caller
 * built with escapeHtml) as the body.
 */
export function privatePageDocument(page: {
  lang: string;
  title: string;
  style: string;
  content: string;
}): string {
  return `<!DOCTYPE html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body>
${page.content}
</body>
</html>
`;
}
