import type { Response } from 'express';

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
