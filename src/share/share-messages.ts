import { EmailContent, emailDocument, MessageLocale } from '../messages';
import { escapeHtml, formatDay } from '../common/pages';
import { oneLine } from '../common/validation/one-line';
import { fill, SHARE_TEXTS } from './share-texts';

/** What a share message says: the product, the link, its expiry and the render to show. */
export interface ShareContent {
  locale: MessageLocale;
  productName: string;
  /** The share page (a capability link). */
  link: string;
  expiresAt: Date;
  /** The link's image (`{link}/image`); absent when the product has no view angle. */
  imageUrl?: string;
}

/**
 * The content with its product name on one plain line: product names are refused with line
 * breaks or bidirectional overrides now, but names stored before must not break an SMS into
 * lines or reverse what follows in a subject either.
 */
function plainName(c: ShareContent): ShareContent {
  return { ...c, productName: oneLine(c.productName) };
}

/** A product name short enough for an SMS. */
const SMS_NAME_LENGTH = 40;

/** The share e-mail: subject, HTML (with the render) and the same in plain text. */
export function shareEmail(content: ShareContent): EmailContent {
  const c = plainName(content);
  const t = SHARE_TEXTS[c.locale];
  const product = { product: c.productName };
  const subject = fill(t.subject, product);
  const until = fill(t.validUntil, { date: formatDay(c.locale, c.expiresAt, 'long') });
  const link = escapeHtml(c.link);
  const image = c.imageUrl
    ? `<p style="margin:0 0 16px"><a href="${link}"><img src="${escapeHtml(c.imageUrl)}" alt="${escapeHtml(fill(t.imageAlt, product))}" width="480" style="display:block;width:100%;max-width:480px;height:auto;border:0"></a></p>`
    : '';
  const html = emailDocument(
    c.locale,
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(c.productName)}</h1>`,
      `<p style="margin:0 0 16px">${escapeHtml(t.intro)}</p>`,
      image,
      `<p style="margin:0 0 16px"><a href="${link}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(t.view)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;color:#52525b">${escapeHtml(until)}</p>`,
      `<p style="margin:0;font-size:12px;color:#52525b">${escapeHtml(t.footer)}</p>`,
    ].join('\n'),
  );
  const text = [
    c.productName,
    '',
    t.intro,
    '',
    `${t.view}: ${c.link}`,
    '',
    until,
    '',
    t.footer,
  ].join('\n');
  return { subject, html, text };
}

/** The share SMS: one line and the link. */
export function shareSms(content: ShareContent): string {
  const c = plainName(content);
  const name =
    c.productName.length > SMS_NAME_LENGTH
      ? `${c.productName.slice(0, SMS_NAME_LENGTH - 1)}…`
      : c.productName;
  return `${fill(SHARE_TEXTS[c.locale].sms, { product: name })} ${c.link}`;
}
