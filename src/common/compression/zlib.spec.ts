import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { deflateBytes, deflateRawBytes, gzipBytes, inflateRawBytes, OUTPUT_CHUNK } from './zlib';

describe('zlib with sized output chunks', () => {
  const text = Buffer.from(
    Array.from({ length: 40_000 }, (_, i) => `{"id":${i},"uri":"https://x.example/${i}"}`).join(
      ',',
    ),
  );
  const noise = Buffer.from(Array.from({ length: 3 * OUTPUT_CHUNK }, (_, i) => (i * 7919) % 251));

  it('round-trips text and incompressible bytes in every format', async () => {
    for (const input of [text, noise, Buffer.alloc(0)]) {
      expect(inflateSync(await deflateBytes(input)).equals(input)).toBe(true);
      expect(gunzipSync(await gzipBytes(input)).equals(input)).toBe(true);
      const raw = await deflateRawBytes(input, { level: 6 });
      expect(inflateRawSync(raw).equals(input)).toBe(true);
      expect((await inflateRawBytes(raw, input.length)).equals(input)).toBe(true);
    }
  });

  it('inflates correctly when the size it was told is wrong (more chunks, same bytes)', async () => {
    const raw = await deflateRawBytes(text);
    expect((await inflateRawBytes(raw, 100)).equals(text)).toBe(true);
    expect((await inflateRawBytes(raw, 10 * text.length)).equals(text)).toBe(true);
  });
});
