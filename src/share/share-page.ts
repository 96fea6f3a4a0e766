import { createHash } from 'node:crypto';
import { MessageLocale } from '../messages';
import { escapeHtml, fillHtml, instantElement, pageDocument, pageStyle } from '../common/pages';
import { oneLine } from '../common/validation/one-line';
import { fill, SHARE_TEXTS } from './share-texts';

/** What the share page shows. */
export interface SharePageContent {
  locale: MessageLocale;
  productName: string;
  /** The display name of the client whose design it is. */
  clientName: string;
  /** The page's own absolute URL (og:url). */
  pageUrl: string;
  /** The link's image (`{pageUrl}/image`); absent when the product has no view angle. */
  imageUrl?: string;
  /** The call to action: the client's storefront (its setting, filled in); absent: none. */
  orderUrl?: string;
  expiresAt: Date;
}

/** The page's own style, inline after the shared one: allowed by its hash in the page's CSP. */
const STYLE = [
  'body{padding:24px}',
  'main{max-width:640px;margin:0 auto;background:#fff;padding:24px;border-radius:8px}',
  'h1{margin:0 0 12px}.from{margin:0 0 4px;font-weight:600;color:#3f3f46}',
  'img{display:block;width:100%;height:auto;margin:16px 0;background:#e4e4e7}',
].join('');

const STYLE_HASH = `'sha256-${createHash('sha256').update(pageStyle(STYLE)).digest('base64')}'`;

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
  return pageDocument({
    lang: locale,
    title,
    robots: 'noindex, nofollow',
    head: ['<meta name="referrer" content="no-referrer">', ...head],
    style: STYLE,
    body: ['<main>', ...body, '</main>'].join('\n'),
  });
}

/**
 * The page a share link opens: whose design it is, the product's name and render, the call to
 * action (the client's storefront, or whom to ask), the link's expiry, and link-preview tags.
 */
export function renderSharePage(c: SharePageContent): string {
  const t = SHARE_TEXTS[c.locale];
  // Names stored before they were refused with line breaks or bidi overrides (see oneLine).
  const name = oneLine(c.productName);
  const client = { client: oneLine(c.clientName) };
  const product = { product: name };
  const title = name;
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const head = [
    meta('name', 'description', t.preview),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', client.client),
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
  const expiry = instantElement(c.locale, c.expiresAt, { dayOnly: true, dateStyle: 'long' });
  const body = [
    `<p class="from">${escapeHtml(fill(t.from, client))}</p>`,
    `<h1>${escapeHtml(name)}</h1>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    ...(c.imageUrl
      ? [`<img src="${escapeHtml(c.imageUrl)}" alt="${escapeHtml(fill(t.imageAlt, product))}">`]
      : []),
    c.orderUrl
      ? `<p><a class="button" href="${escapeHtml(c.orderUrl)}">${escapeHtml(fill(t.order, client))}</a></p>`
      : `<p>${escapeHtml(fill(t.orderElsewhere, client))}</p>`,
    `<p class="note">${fillHtml(t.validUntil, { date: expiry })}</p>`,
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
