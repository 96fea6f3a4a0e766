import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'pci_';
/** `pci_` and 8 characters of the secret: enough to recognise a token, useless to forge one. */
const DISPLAY_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;

export interface NewTokenSecret {
  token: string;
  prefix: string;
  hash: string;
}

/** A new API token: 32 random bytes, base64url, behind a recognisable prefix. */
export function newTokenSecret(): NewTokenSecret {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, prefix: token.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashToken(token) };
}

/** SHA-256 (hex) of a token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
