import type { Response } from 'express';
import { escapeHtml } from './escape-html';

/**
 * What every server-rendered page shares (the availability pages, the invitation page, the share
 * page): the type, colours, form fields and buttons, a link styled as the main action (`.button`), codes that
 * never break in the middle (`code.sku`), and the back link of a details page (`.back`).
 */
export const BASE_STYLE = [
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:0;background:#f4f4f5;color:#18181b;line-height:1.5}',
  'h1{font-size:1.5rem;margin-top:0}a{color:#1d4ed8}',
  'button,.button{display:inline-block;margin-top:1rem;font-size:1rem;padding:.65rem 1.2rem;background:#1d4ed8;color:#fff;border:0;border-radius:.3rem;cursor:pointer;text-decoration:none}',
  'label{display:block;font-weight:600;margin-top:1rem}',
  'input{box-sizing:border-box;width:100%;font-size:1rem;padding:.6rem;margin-top:.3rem;border:1px solid #71717a;border-radius:.3rem}',
  'code.sku{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;white-space:nowrap}',
  '.note{font-size:.9rem;color:#52525b}.back{display:inline-block;margin:0 0 .75rem}',
].join('\n');

/** One page: its language, title (escaped here), style, body and any extra `<head>` elements. */
export interface PageSpec {
  lang: string;
  title: string;
  /** The page's own style, after BASE_STYLE in the one `<style>` element. */
  style: string;
  /** HTML the caller built with escapeHtml. */
  body: string;
  /** Further `<head>` elements (HTML), e.g. link-preview tags. */
  head?: string[];
  /** The robots meta tag (default `noindex`). */
  robots?: string;
}

/** The `<style>` text of a page: what a Content-Security-Policy hash must be computed over. */
export function pageStyle(style: string): string {
  return `${BASE_STYLE}\n${style}`;
}

/** The HTML document of a page: `lang`, UTF-8, a phone-sized viewport, robots, title, style. */
export function pageDocument(page: PageSpec): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(page.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="${escapeHtml(page.robots ?? 'noindex')}">`,
    `<title>${escapeHtml(page.title)}</title>`,
    ...(page.head ?? []),
    `<style>${pageStyle(page.style)}</style>`,
    '</head>',
    '<body>',
    page.body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

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
