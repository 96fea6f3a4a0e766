import { escapeHtml } from '../common/pages/escape-html';

/**
 * What the modules' message templates share: the locales messages are written in, the fallback
 * to English, and the HTML document every e-mail is wrapped in (its text escaped with the pages'
 * escapeHtml).
 */

/** The locales every template has; any other falls back to `en`. */
export const MESSAGE_LOCALES = ['en', 'de', 'fr', 'es', 'nl'] as const;
export type MessageLocale = (typeof MESSAGE_LOCALES)[number];

/**
 * The supported locale a caller's locale names (`de`, `de-AT`, `DE_ch` → `de`), else `en`.
 */
export function messageLocale(requested: string | null | undefined): MessageLocale {
  const language = (requested ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (MESSAGE_LOCALES as readonly string[]).includes(language)
    ? (language as MessageLocale)
    : 'en';
}

/**
 * An e-mail's HTML document: `lang` set, a title, and `body` (HTML the template built with
 * escapeHtml) in a simple centred column that mail clients render alike.
 */
export function emailDocument(locale: MessageLocale, title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${locale}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    body,
    '</div></body></html>',
  ].join('\n');
}
