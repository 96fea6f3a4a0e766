import { escapeHtml } from './escape-html';

/**
 * The locale pages write numbers, prices and dates in when the browser names none that Intl
 * knows (their text is in the page's language; the formats follow the reader).
 */
export const DEFAULT_PAGE_LOCALE = 'en';

/** The first of the browser's languages (Accept-Language, best first) Intl formats, else the default. */
export function formatLocale(preferred: readonly string[]): string {
  for (const tag of preferred) {
    if (tag === '*') continue;
    try {
      const [known] = Intl.NumberFormat.supportedLocalesOf([tag]);
      if (known) return known;
    } catch {
      // Not a language tag at all: the next one.
    }
  }
  return DEFAULT_PAGE_LOCALE;
}

/** An amount in its currency (`€20.00`, `20,00 €`); `signed` shows `+` before a positive one. */
export function formatMoney(locale: string, currency: string, amount: number, signed = false) {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(amount);
}

/** A percentage with its sign (`+50%`, `−12.5 %`). */
export function formatSignedPercent(locale: string, percent: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(percent / 100);
}

const UTC = 'UTC';

/**
 * The day of `at` in UTC as people of `locale` write it (`Feb 15, 2027`; long: `30 March 2026`,
 * `30. März 2026`): plain text, for pages and messages alike.
 */
export function formatDay(
  locale: string,
  at: Date,
  dateStyle: 'medium' | 'long' = 'medium',
): string {
  return new Intl.DateTimeFormat(locale, { dateStyle, timeZone: UTC }).format(at);
}

/** A calendar day (`2027-02-15`) as a `<time>` element, written as the locale writes days. */
export function dayElement(locale: string, day: string, dateStyle: 'medium' | 'long' = 'medium') {
  const at = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(at.getTime())) return escapeHtml(day);
  return `<time datetime="${day}">${escapeHtml(formatDay(locale, at, dateStyle))}</time>`;
}

/**
 * An instant as a `<time>` element (its machine-readable value the ISO instant), in UTC: its day
 * alone when `dayOnly` or when it is midnight, else the day and the time, marked UTC.
 */
export function instantElement(
  locale: string,
  at: Date,
  options: { dayOnly?: boolean; dateStyle?: 'medium' | 'long' } = {},
): string {
  const dayOnly = options.dayOnly || at.getTime() % 86_400_000 === 0;
  const text = dayOnly
    ? formatDay(locale, at, options.dateStyle)
    : `${new Intl.DateTimeFormat(locale, {
        dateStyle: options.dateStyle ?? 'medium',
        timeStyle: 'short',
        timeZone: UTC,
      }).format(at)} ${UTC}`;
  return `<time datetime="${at.toISOString()}">${escapeHtml(text)}</time>`;
}

/** A SKU or other code, which never breaks across lines. */
export function codeElement(code: string): string {
  return `<code class="sku">${escapeHtml(code)}</code>`;
}

/**
 * `template` (plain text) with each `{name}` replaced by the HTML given for it, the rest escaped:
 * a sentence of the page's texts with an element inside (`The link works until <time>…`).
 */
export function fillHtml(template: string, html: Record<string, string>): string {
  return template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && name in html ? html[name] : escapeHtml(part);
    })
    .join('');
}
