/**
 * Matching text against word lists: whole words (and phrases of whole words), in any case,
 * without diacritics (`Scheisse` matches `scheiße`, `ENCULE` matches `enculé`), so that `class`
 * never matches `ass` and a word hidden inside another is not a match.
 */

/** A language tag such as `de` or `de-CH`; only its language (`de`) selects a list. */
export const LOCALE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** `de-CH` → `de`. */
export function languageOf(locale: string): string {
  return locale.trim().split('-')[0].toLowerCase();
}

/** Lower case, without diacritics, ß as ss, æ/œ spelled out. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe');
}

/** The words of `text` as lists match them: letters and digits only, folded. */
export function wordsOf(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * An entry of a word list as it is stored and matched: its words, folded, joined by one space;
 * empty when it has no letter or digit.
 */
export function normalizeEntry(entry: string): string {
  return wordsOf(entry).join(' ');
}

/**
 * The entries of `list` that occur in `text` as whole words (a phrase as consecutive whole
 * words), each once, in list order. Entries are compared in their normalised form.
 */
export function findListedWords(text: string, list: readonly string[]): string[] {
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const joined = ` ${words.join(' ')} `;
  const found = new Set<string>();
  for (const entry of list) {
    const normalized = normalizeEntry(entry);
    if (normalized && joined.includes(` ${normalized} `)) found.add(normalized);
  }
  return [...found];
}
