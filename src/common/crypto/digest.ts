import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Bytes hashed per turn of the event loop: well under a millisecond each. */
export const DIGEST_SLICE_BYTES = 1024 * 1024;

/**
 * The SHA-256 of `bytes` in hex, hashed a slice at a time with a turn of the event loop between
 * slices: a 25 MB upload costs about 15 ms of hashing, which would otherwise be one stretch
 * during which no other request (nor `/health/live`) is answered (issue 24, M2). Small inputs
 * are hashed at once.
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < bytes.length; at += DIGEST_SLICE_BYTES) {
    if (at > 0) await nextTurn();
    hash.update(bytes.subarray(at, at + DIGEST_SLICE_BYTES));
  }
  return hash.digest('hex');
}
