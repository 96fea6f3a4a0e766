import { inflateRawSync } from 'node:zlib';
import { ITEMS, JsonSpoolWriter } from './spooled-json';

describe('JsonSpoolWriter', () => {
  it('keeps items deflated by batch and rebuilds the exact text around the parts', async () => {
    const items = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({ id: i, name: `asset-${i}`, status: 'Completed', url: 'https://x.test/a' }),
    );
    const spool = new JsonSpoolWriter();
    for (let i = 0; i < items.length; i += 300) await spool.add(items.slice(i, i + 300));
    await spool.add([]);
    const body = spool.finish(['{"a":[', ITEMS, '],"b":[', ITEMS, ']}'], '"e"');
    const inflated = body.chunks.map((c) => inflateRawSync(c).toString('utf8')).join('');
    const text = `{"a":[${inflated}],"b":[${inflated}]}`;
    expect(JSON.parse(text)).toEqual({
      a: items.map((i) => JSON.parse(i) as unknown),
      b: items.map((i) => JSON.parse(i) as unknown),
    });
    expect(body.chunks).toHaveLength(4);
    expect(body.plainBytes).toBe(Buffer.byteLength(text));
    // What is held is the compressed items once, not the text (twice).
    expect(body.heldBytes).toBeLessThan(body.plainBytes / 10);
  });
});
