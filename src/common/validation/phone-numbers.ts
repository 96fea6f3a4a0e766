import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The one file that imports libphonenumber-js: telephone numbers, as ./email.ts does e-mail addresses. */

/**
 * A telephone number in E.164 (`+49 151 1234-5678`, `0049 1511 2345678` → `+4915112345678`), or
 * undefined when it is not a valid number with its country code. Spaces, dashes, dots and
 * parentheses are ignored; `00` before the country code is taken as `+`.
 */
export function normalizePhone(raw: string): string | undefined {
  let text = raw.trim().replace(/[\s\-.()/]/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (!/^\+\d{4,17}$/.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.number : undefined;
}
