import { createHash, randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
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
    let turns = 0;
    let hashing = true;
    const ticker = (async () => {
      while (hashing) {
        turns++;
        await nextTurn();
      }
    })();
    const digest = await sha256Hex(bytes);
    hashing = false;
    await ticker;
    expect(digest).toBe(plain(bytes));
    // Hashed in one stretch, the other loop would have run once at most.
    expect(turns).toBeGreaterThanOrEqual(7);
  });
});
