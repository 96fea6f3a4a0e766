import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { turnsDuring } from '../../../test/support/loop-turns';
import { JOIN_SLICE_BYTES, joinSliced, readAll } from './sliced-memory-storage';

describe('sliced memory storage', () => {
  it('reads a stream into one buffer equal to its chunks joined', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => randomBytes(1000 + i * 7919));
    const joined = await readAll(Readable.from(chunks));
    expect(joined.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('answers an empty stream with an empty buffer, and one chunk as it is', async () => {
    expect((await readAll(Readable.from([]))).length).toBe(0);
    const one = randomBytes(10);
    expect(await joinSliced([one], one.length)).toBe(one);
  });

  it('lets other work run while it joins a large file', async () => {
    const chunks = Array.from({ length: 64 }, () => randomBytes(256 * 1024)); // 16 MiB
    const { result: joined, turns } = await turnsDuring(() => joinSliced(chunks, 64 * 256 * 1024));
    expect(joined.equals(Buffer.concat(chunks))).toBe(true);
    // 16 MiB in slices of JOIN_SLICE_BYTES: the other loop ran between them.
    expect(turns).toBeGreaterThanOrEqual((16 * 1024 * 1024) / JOIN_SLICE_BYTES - 1);
  });
});
