import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobKeys, InvalidBlobKey } from '../../src/common/storage/blob-keys';
import { BlobStore } from '../../src/common/storage/blob-store';
import { sha256 } from './sha256';

export interface StoreUnderTest {
  store: BlobStore;
  close(): Promise<void>;
}

const keys = new BlobKeys(randomBytes(32));

/** A fresh key and random bytes (every byte value likely present). */
function blob(size = 1000, ext: 'png' | 'json' | 'pdf' = 'png') {
  const bytes = randomBytes(size);
  return { key: keys.forContent('uploads', 'client-1', sha256(bytes), ext), bytes };
}

async function read(stream: Readable | undefined): Promise<Buffer> {
  if (!stream) throw new Error('expected a stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const INVALID_KEYS = [
  '../etc/passwd',
  'uploads/../../etc/passwd',
  '/etc/passwd',
  `uploads/ab/${'a'.repeat(64)}.png`, // shard differs from the hash
  `uploads/aa/${'a'.repeat(64)}.exe`,
  `Uploads/aa/${'a'.repeat(64)}.png`,
  `uploads/aa/${'A'.repeat(64)}.png`,
  `uploads/aa/${'a'.repeat(63)}.png`,
  `uploads/aa/${'a'.repeat(64)}.png/..`,
  '',
];

/**
 * What every {@link BlobStore} must do, run against each implementation (directory and S3), so
 * that the two stay interchangeable. `open` gives a store on empty storage.
 */
export function blobStoreContract(open: () => Promise<StoreUnderTest>): void {
  let subject: StoreUnderTest;
  let store: BlobStore;

  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(() => subject?.close());

  it('stores bytes and gives them back whole, with size, type and ETag', async () => {
    const { key, bytes } = blob(5000);
    const info = await store.put(key, bytes);
    const expected = {
      key,
      size: 5000,
      contentType: 'image/png',
      etag: `"${key.split('/')[2].slice(0, 40)}"`,
    };
    expect(info).toEqual(expected);
    expect(await store.stat(key)).toEqual(expected);
    expect((await store.get(key))?.equals(bytes)).toBe(true);
    expect((await read(await store.stream(key))).equals(bytes)).toBe(true);
  });

  it('keeps what a key holds on a second put, and writes it anew with replace', async () => {
    const { key, bytes } = blob(300);
    await store.put(key, bytes);
    const other = Buffer.alloc(200, 7);
    expect((await store.put(key, other)).size).toBe(300);
    expect((await store.get(key))?.equals(bytes)).toBe(true);
    expect((await store.put(key, other, { replace: true })).size).toBe(200);
    expect((await store.get(key))?.equals(other)).toBe(true);
  });

  it('takes its content type from the extension', async () => {
    const json = blob(10, 'json');
    const pdf = blob(10, 'pdf');
    expect((await store.put(json.key, json.bytes)).contentType).toBe('application/json');
    expect((await store.put(pdf.key, pdf.bytes)).contentType).toBe('application/pdf');
    expect((await store.stat(pdf.key))?.contentType).toBe('application/pdf');
  });

  it('streams inclusive byte ranges', async () => {
    const { key, bytes } = blob(1000);
    await store.put(key, bytes);
    for (const [start, end] of [
      [0, 0],
      [10, 19],
      [999, 999],
      [0, 999],
      [500, 998],
    ]) {
      const part = await read(await store.stream(key, { start, end }));
      expect(part.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('stores an empty blob and a large one', async () => {
    const empty = blob(0);
    expect((await store.put(empty.key, empty.bytes)).size).toBe(0);
    expect((await store.get(empty.key))?.length).toBe(0);
    expect((await store.stat(empty.key))?.size).toBe(0);
    const large = blob(3 * 1024 * 1024 + 7);
    await store.put(large.key, large.bytes);
    expect((await read(await store.stream(large.key))).equals(large.bytes)).toBe(true);
  });

  it('answers undefined for a key that was never stored', async () => {
    const { key } = blob();
    expect(await store.stat(key)).toBeUndefined();
    expect(await store.get(key)).toBeUndefined();
    expect(await store.stream(key)).toBeUndefined();
    expect(await store.stream(key, { start: 0, end: 0 })).toBeUndefined();
  });

  it('leaves an existing blob as it is when its key is put again', async () => {
    const { key, bytes } = blob(100);
    await store.put(key, bytes);
    // A key names one content; a second put must not even write (the bytes here differ to show it).
    const info = await store.put(key, randomBytes(50));
    expect(info.size).toBe(100);
    expect((await store.get(key))?.equals(bytes)).toBe(true);
  });

  it('keeps one whole blob when one key is put concurrently', async () => {
    const { key, bytes } = blob(256 * 1024);
    const infos = await Promise.all(Array.from({ length: 8 }, () => store.put(key, bytes)));
    for (const info of infos) expect(info.size).toBe(bytes.length);
    expect((await store.get(key))?.equals(bytes)).toBe(true);
  });

  it('keeps different blobs apart', async () => {
    const a = blob(64);
    const b = blob(64);
    await Promise.all([store.put(a.key, a.bytes), store.put(b.key, b.bytes)]);
    expect((await store.get(a.key))?.equals(a.bytes)).toBe(true);
    expect((await store.get(b.key))?.equals(b.bytes)).toBe(true);
  });

  it.each(INVALID_KEYS)('rejects %j as a key in every operation', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(InvalidBlobKey);
    await expect(store.stat(key)).rejects.toThrow(InvalidBlobKey);
    await expect(store.get(key)).rejects.toThrow(InvalidBlobKey);
    await expect(store.stream(key)).rejects.toThrow(InvalidBlobKey);
  });
}
