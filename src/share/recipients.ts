import { normalizeEmail } from '../common/validation/email';
import { normalizePhone } from '../common/validation/phone-numbers';

export { normalizeEmail, normalizePhone };

/** Recipients one share may have, e-mail addresses and telephone numbers together. */
export const MAX_RECIPIENTS_PER_SHARE = 10;

/** The recipients of a share, normalised and without duplicates. */
export interface ShareRecipients {
  emails: string[];
  /** E.164 (`+4915112345678`). */
  phones: string[];
}

export type RecipientsResult =
  { ok: true; recipients: ShareRecipients } | { ok: false; field: string; problem: string };

const shown = (value: string) => JSON.stringify(value.slice(0, 100));

/**
 * The recipients of a share request, each normalised (duplicates dropped), or the first problem:
 * the field with its index and the rule, or more than MAX_RECIPIENTS_PER_SHARE in all.
 */
export function parseRecipients(
  emailAddresses: readonly string[] = [],
  phoneNumbers: readonly string[] = [],
): RecipientsResult {
  const emails = new Map<string, string>();
  for (const [i, raw] of emailAddresses.entries()) {
    const email = normalizeEmail(raw);
    if (!email)
      return {
        ok: false,
        field: `emailAddresses[${i}]`,
        problem: `emailAddresses[${i}] ${shown(raw)} is not a valid e-mail address`,
      };
    // The first spelling is kept.
    if (!emails.has(email.toLowerCase())) emails.set(email.toLowerCase(), email);
  }
  const phones = new Set<string>();
  for (const [i, raw] of phoneNumbers.entries()) {
    const phone = normalizePhone(raw);
    if (!phone)
      return {
        ok: false,
        field: `phoneNumbers[${i}]`,
        problem: `phoneNumbers[${i}] ${shown(raw)} is not a valid telephone number with its country code (such as +49 151 12345678)`,
      };
    phones.add(phone);
  }
  const count = emails.size + phones.size;
  if (count > MAX_RECIPIENTS_PER_SHARE)
    return {
      ok: false,
      field: 'emailAddresses',
      problem: `a share may have at most ${MAX_RECIPIENTS_PER_SHARE} recipients (e-mail addresses and telephone numbers together), not ${count}`,
    };
  return { ok: true, recipients: { emails: [...emails.values()], phones: [...phones] } };
}
