import { createHash, randomBytes } from 'node:crypto';

/**
 * Capability links (docs/design.md §9): a random token a link carries (32 bytes, base64url) of
 * which only the SHA-256 hash is stored, so the database alone cannot rebuild a working link.
 */
export function newCapability(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: capabilityHash(token) };
}

/** The stored form of a presented token; any string (an unknown link simply finds nothing). */
export function capabilityHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `text` has the shape of a token newCapability makes (cheap check before a lookup). */
export function looksLikeCapability(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text);
}
