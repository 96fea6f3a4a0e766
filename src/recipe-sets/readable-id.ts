import { randomInt } from 'node:crypto';
import { isUuid } from '../common/validation/uuid';

/** A–Z and 2–9 without the look-alikes 0/O and 1/I: 32 symbols, 32^8 ≈ 1.1e12 ids. */
export const READABLE_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const READABLE_ID_LENGTH = 8;

/** How a readable id may be written (the service draws its own from READABLE_ID_ALPHABET). */
export const READABLE_ID_PATTERN = /^[A-Za-z0-9]{8}$/;
const READABLE = READABLE_ID_PATTERN;

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
