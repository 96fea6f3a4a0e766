/**
 * The one rule for names of the files the service hands out in archives (print files and their
 * ZIP, docs/api/print-files.md): what a client's file name template may hold (the print settings'
 * check), what the ZIP writer accepts, and how a name made from a template is brought inside it
 * (every name the print files get passes the writer's check, whatever a stored template holds).
 *
 * A name is at most FILE_NAME_MAX characters with its extension, of letters, digits, `.`, `_`,
 * `-`, `+` and spaces; it starts with a letter, a digit, `_` or `-` (no hidden files, nothing a shell
 * or an archiver takes for an option or a path) and ends with neither a space nor a dot (Windows
 * drops them). No directories: never a `/` or a `\`.
 */

/** Characters of a name with its extension. */
export const FILE_NAME_MAX = 128;

/** The characters a name may hold, as the documentation names them. */
export const FILE_NAME_CHARACTERS = "letters, digits, '.', '_', '-', '+' and spaces";

/** One character a name may hold. */
const NAME_CHARACTER = /^[A-Za-z0-9._+ -]$/;
const NOT_NAME_CHARACTERS = /[^A-Za-z0-9._+ -]/g;
const SAFE_NAME = new RegExp(
  `^[A-Za-z0-9_-](?:[A-Za-z0-9._+ -]{0,${FILE_NAME_MAX - 2}}[A-Za-z0-9_+-])?$`,
);

/** Whether `c` (one character) may be part of a file name. */
export function isFileNameCharacter(c: string): boolean {
  return NAME_CHARACTER.test(c);
}

/** Whether `name` (with its extension) is a safe file name under the rule. */
export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name);
}

/**
 * `base` made a name that, followed by `reserve` more characters (its extension, `.pdf`), is safe:
 * characters outside the rule become `_`, it is cut to FILE_NAME_MAX - `reserve` characters,
 * leading spaces are dropped and a leading dot becomes `_` (empty: `_`).
 */
export function fitFileBase(base: string, reserve: number): string {
  const fitted = base
    .replace(NOT_NAME_CHARACTERS, '_')
    .trimStart()
    .slice(0, FILE_NAME_MAX - reserve)
    .replace(/^\./, '_');
  return fitted.length > 0 ? fitted : '_';
}
