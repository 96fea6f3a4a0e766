import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { BlobKeys } from './blob-keys';
import { S3BlobStore } from './s3-blob-store';

async function read(stream: Readable | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * HTTP lets a server ignore Range. Against an S3-compatible server that answers every GetObject
 * with the whole object (200, sent in small chunks), the store still streams exactly the range.
 */
describe('S3BlobStore against a server that ignores Range', () => {
  const bytes = randomBytes(10_000);
  let server: Server;
  let store: S3BlobStore;

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': bytes.length });
      if (req.method === 'HEAD') return res.end();
      let offset = 0;
      const next = (): void => {
        if (offset >= bytes.length) return void res.end();
        res.write(bytes.subarray(offset, (offset += 777)), next);
      };
      next();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    store = new S3BlobStore({
      bucket: 'blobs',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
      prefix: '',
    });
  });
  afterAll(async () => {
    store.onModuleDestroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    [0, 0],
    [1, 1],
    [700, 800],
    [776, 777],
    [5000, 9999],
    [9999, 9999],
    [0, 9999],
  ])('streams bytes %i-%i', async (start, end) => {
    const key = new BlobKeys(randomBytes(32)).forInputs('renders', { start }, 'png');
    const part = await read(await store.stream(key, { start, end }));
    expect(part.equals(bytes.subarray(start, end + 1))).toBe(true);
  });
});
