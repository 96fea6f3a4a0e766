import { createHash, randomBytes } from 'node:crypto';

/** Every token starts with this; a sandbox client's with SANDBOX_TOKEN_PREFIX. */
const TOKEN_PREFIX = 'pci_';
/** The tokens of sandbox clients (and only theirs) start with this. */
export const SANDBOX_TOKEN_PREFIX = 'pci_test_';
/** The stored display prefix: enough to recognise a token, useless to forge one. */
const DISPLAY_PREFIX_LENGTH = 16;
/** A live token shows `pci_` and 8 characters of its secret. */
const LIVE_DISPLAY_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;

export interface NewTokenSecret {
  token: string;
  prefix: string;
  hash: string;
}

/**
 * A new API token: 32 random bytes, base64url, behind a recognisable prefix: `pci_test_` for a
 * sandbox client's, `pci_` for a live one's (never `pci_test_`: a live secret that happens to
 * start with `test_` is drawn again), so that the prefix alone tells which kind a token is.
 */
export function newTokenSecret(
  sandbox = false,
  random: (size: number) => Buffer = randomBytes,
): NewTokenSecret {
  let token: string;
  do {
    token = (sandbox ? SANDBOX_TOKEN_PREFIX : TOKEN_PREFIX) + random(32).toString('base64url');
  } while (!sandbox && isSandboxToken(token));
  const shown = sandbox ? DISPLAY_PREFIX_LENGTH : LIVE_DISPLAY_PREFIX_LENGTH;
  return { token, prefix: token.slice(0, shown), hash: hashToken(token) };
}

/** Whether a presented token is a sandbox token by its prefix. */
export function isSandboxToken(token: string): boolean {
  return token.startsWith(SANDBOX_TOKEN_PREFIX);
}

/** SHA-256 (hex) of a token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
