import { MAX_PASSWORD_LENGTH } from '../common/crypto/password-hasher';
import { COMMON_PASSWORDS, COMMON_PASSWORD_WORDS } from './common-passwords';

export const MIN_PASSWORD_LENGTH = 12;

/** What is wrong with a new password (the page says it in the user's language). */
export type PasswordProblem = 'too-short' | 'too-long' | 'like-email' | 'common' | 'mismatch';

/**
 * The password policy: at least 12 characters (counted as a person counts them), at most 256, not
 * the e-mail address or its name part, and not a common password (see common-passwords.ts) or a
 * run of one character or of consecutive ones (`aaaaaaaaaaaa`, `abcdefghijkl`, `123456789012`).
 */
export function passwordProblems(
  password: string,
  confirmation: string,
  email: string,
): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) problems.push('too-short');
  if (password.length > MAX_PASSWORD_LENGTH) problems.push('too-long');
  if (likeEmail(password, email)) problems.push('like-email');
  else if (isCommon(password)) problems.push('common');
  if (password !== confirmation) problems.push('mismatch');
  return problems;
}

function likeEmail(password: string, email: string): boolean {
  const p = password.trim().toLowerCase();
  const e = email.toLowerCase();
  const name = e.slice(0, e.lastIndexOf('@'));
  return p === e || (name.length >= 4 && p.includes(name)) || p.includes(e);
}

/** Whether the password is common, or a common word with digits and symbols around it. */
export function isCommon(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  if (COMMON_PASSWORDS.has(lower)) return true;
  if (isRun(lower)) return true;
  const letters = lower.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0) return isRun(lower.replace(/[^0-9]/g, '')) || lower.length < 16;
  return COMMON_PASSWORD_WORDS.has(repeatedUnit(letters)) || isRun(letters);
}

/** The shortest unit `text` is a repetition of (`abcabc` → `abc`). */
function repeatedUnit(text: string): string {
  for (let size = 1; size <= text.length / 2; size++)
    if (text.length % size === 0 && text.slice(0, size).repeat(text.length / size) === text)
      return text.slice(0, size);
  return text;
}

/** One character repeated, or characters each one up or down from the one before. */
function isRun(text: string): boolean {
  if (text.length < 4) return false;
  const codes = [...text].map((c) => c.codePointAt(0)!);
  const steps = new Set(codes.slice(1).map((c, i) => c - codes[i]));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]);
}
