import { randomInt } from 'node:crypto';
import { isUuid } from '../common/validation/uuid';

/** A–Z and 2–9 without the look-alikes 0/O and 1/I: 32 symbols, 32^8 ≈ 1.1e12 ids. */
export const READABLE_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const READABLE_ID_LENGTH = 8;

/** How a readable id may be written (the service draws its own from READABLE_ID_ALPHABET). */
export const READABLE_ID_PATTERN = /^[A-Za-z0-9]{8}$/;
const READABLE = READABLE_ID_PATTERN;

/**
 * The characters the service never draws (look-alikes). A readable id a sandbox client chooses
 * must hold one, so that it is never an id the service draws, for a live client or any: choosing
 * cannot probe whether a live client has an id, nor reserve one (docs/design.md §3).
 */
export const CHOSEN_READABLE_ID_MARKS = ['I', 'O', '0', '1'] as const;

/** Whether `readableId` (upper-case) is one a sandbox client may choose. */
export function isChoosableReadableId(readableId: string): boolean {
  return CHOSEN_READABLE_ID_MARKS.some((c) => readableId.includes(c));
}

export function newReadableId(): string {
  let id = '';
  for (let i = 0; i < READABLE_ID_LENGTH; i++)
    id += READABLE_ID_ALPHABET[randomInt(READABLE_ID_ALPHABET.length)];
  return id;
}

export type RecipeSetRef = { kind: 'readable'; value: string } | { kind: 'uuid'; value: string };

/**
 * How a caller names a recipe set: 8 alphanumerics (any case) or a UUID. Undefined for anything
 * else. Readable ids are compared upper-case, UUIDs lower-case.
 */
export function parseRecipeSetRef(raw: string): RecipeSetRef | undefined {
  const value = raw.trim();
  if (READABLE.test(value)) return { kind: 'readable', value: value.toUpperCase() };
  if (isUuid(value)) return { kind: 'uuid', value: value.toLowerCase() };
  return undefined;
}
