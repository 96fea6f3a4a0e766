/** Longest user-facing file name kept (characters). */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * Control and format characters (including bidirectional overrides such as U+202E, which make
 * `gnp.exe` display as `exe.png`) and unpaired surrogates, which the database cannot store.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/**
 * A file name as it may be shown back to people: the last segment of any path (a browser may send
 * `C:\fakepath\logo.png`), without control or format characters, NFC-normalised, trimmed, and at
 * most {@link MAX_FILE_NAME_LENGTH} characters (never splitting a character). Undefined when
 * nothing is left.
 */
export function sanitizeFileName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const segment = name.split(/[/\\]/).pop() ?? '';
  const clean = segment.normalize('NFC').replace(UNSAFE, '').trim();
  const kept = [...clean].slice(0, MAX_FILE_NAME_LENGTH).join('').trim();
  return kept === '' || kept === '.' || kept === '..' ? undefined : kept;
}
