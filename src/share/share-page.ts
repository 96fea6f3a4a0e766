import { oneLine } from '../common/validation/one-line';
import { createHash } from 'node:crypto';
import { escapeHtml, MessageLocale } from '../common/messages/message-templates';
import { fill, longDate, SHARE_TEXTS } from './share-texts';

/** What the share page shows. */
export interface SharePageContent {
  locale: MessageLocale;
  productName: string;
  /** The page's own absolute URL (og:url). */
  pageUrl: string;
  /** A signed, absolute render URL; absent when the product has no view angle. */
  imageUrl?: string;
  expiresAt: Date;
}

/** The page's only style, inline: allowed by its hash in the page's CSP (no 'unsafe-inline'). */
const STYLE = [
  'body{margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,Arial,sans-serif;color:#18181b;line-height:1.5}',
  'main{max-width:640px;margin:0 auto;background:#fff;padding:24px;border-radius:8px}',
  'h1{font-size:1.5rem;margin:0 0 12px}',
  'img{display:block;width:100%;height:auto;margin:16px 0;background:#e4e4e7}',
  '.note{font-size:.875rem;color:#52525b}',
].join('');

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The share page's Content-Security-Policy: no script at all, the one inline style by hash,
 * images only from the origins the render links use.
 */
export function sharePagePolicy(imageOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `img-src ${[...new Set(imageOrigins)].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function page(locale: MessageLocale, title: string, head: string[], body: string[]): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    ...head,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    ...body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The page a share link opens: the product's name and render, with link-preview tags. */
export function renderSharePage(c: SharePageContent): string {
  const t = SHARE_TEXTS[c.locale];
  // Names stored before they were refused with line breaks or bidi overrides (see oneLine).
  const name = oneLine(c.productName);
  const product = { product: name };
  const title = name;
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const head = [
    meta('name', 'description', t.preview),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', t.preview),
    meta('property', 'og:url', c.pageUrl),
    meta('property', 'og:locale', c.locale),
    ...(c.imageUrl
      ? [
          meta('property', 'og:image', c.imageUrl),
          meta('property', 'og:image:alt', fill(t.imageAlt, product)),
        ]
      : []),
    meta('name', 'twitter:card', c.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', t.preview),
    ...(c.imageUrl ? [meta('name', 'twitter:image', c.imageUrl)] : []),
  ];
  const body = [
    `<h1>${escapeHtml(name)}</h1>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    ...(c.imageUrl
      ? [`<img src="${escapeHtml(c.imageUrl)}" alt="${escapeHtml(fill(t.imageAlt, product))}">`]
      : []),
    `<p class="note">${escapeHtml(fill(t.validUntil, { date: longDate(c.locale, c.expiresAt) }))}</p>`,
  ];
  return page(c.locale, title, head, body);
}

/** The page of a link that does not exist (`unknown`, 404) or no longer works (`gone`, 410). */
export function renderShareErrorPage(locale: MessageLocale, kind: 'unknown' | 'gone'): string {
  const t = SHARE_TEXTS[locale];
  const [title, text] =
    kind === 'unknown' ? [t.unknownTitle, t.unknownText] : [t.goneTitle, t.goneText];
  return page(locale, title, [], [`<h1>${escapeHtml(title)}</h1>`, `<p>${escapeHtml(text)}</p>`]);
}
