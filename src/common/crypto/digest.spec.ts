import { createHash, randomBytes } from 'node:crypto';
import { turnsDuring } from '../../../test/support/loop-turns';
import { DIGEST_SLICE_BYTES, sha256Hex } from './digest';

const plain = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('sha256Hex', () => {
  it.each([0, 1, DIGEST_SLICE_BYTES - 1, DIGEST_SLICE_BYTES, 3 * DIGEST_SLICE_BYTES + 17])(
    'gives the plain SHA-256 of %p bytes',
    async (size) => {
      const bytes = randomBytes(size);
      await expect(sha256Hex(bytes)).resolves.toBe(plain(bytes));
    },
  );

  it('lets other work run between slices of a large input', async () => {
    const bytes = randomBytes(8 * DIGEST_SLICE_BYTES);
    const { result: digest, turns } = await turnsDuring(() => sha256Hex(bytes));
    expect(digest).toBe(plain(bytes));
    // Hashed in one stretch, the other loop would have run once at most.
    expect(turns).toBeGreaterThanOrEqual(7);
  });
});
