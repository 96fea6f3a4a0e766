import { createHash } from 'node:crypto';

/** The SHA-256 of `bytes` in hex, as BlobKeys.forContent takes it (tests hash in one go). */
export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}
