import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { OnModuleDestroy } from '@nestjs/common';
import { Readable } from 'node:stream';
import { assertBlobKey, contentTypeOfKey, etagOfKey } from './blob-keys';
import { BlobInfo, BlobStore, ByteRange, IMMUTABLE_CACHE_CONTROL, PutOptions } from './blob-store';
import type { S3Settings } from '../settings/section-settings';

/**
 * Blobs in an S3-compatible bucket (BLOB_STORE=s3): `<S3_PREFIX><key>`, stored with the key's
 * content type and an immutable Cache-Control, so a CDN in front of the bucket serves them as
 * the app's `/cdn/*` route does. The only file that speaks to the AWS SDK.
 */
export class S3BlobStore extends BlobStore implements OnModuleDestroy {
  private readonly client: S3Client;
  /** Puts under way in this process, by key: concurrent puts of one key share one upload. */
  private readonly putting = new Map<string, Promise<BlobInfo>>();

  constructor(private readonly settings: S3Settings) {
    super();
    const config: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // Give up (the request gets a 503) rather than hang when the bucket is unreachable.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    };
    if (settings.endpoint) {
      config.endpoint = settings.endpoint;
      // S3-compatible servers often reject the SDK's default flexible checksums: send them only
      // when the operation requires one. AWS S3 itself keeps the default.
      config.requestChecksumCalculation = 'WHEN_REQUIRED';
      config.responseChecksumValidation = 'WHEN_REQUIRED';
    }
    if (settings.credentials) {
      const { accessKeyId, secretAccessKey } = settings.credentials;
      config.credentials = { accessKeyId, secretAccessKey };
    }
    this.client = new S3Client(config);
  }

  /**
   * Writes unless the object exists. Concurrent puts of one key in this process share one upload;
   * in different processes both may write, which is harmless: a key names one content, and S3
   * makes an object visible only once whole. (`If-None-Match: *` on PutObject would spare the
   * second write, but not every S3-compatible server supports it.)
   */
  put(key: string, body: Buffer, options: PutOptions = {}): Promise<BlobInfo> {
    if (options.replace) return this.write(key, body);
    let put = this.putting.get(key);
    if (!put) {
      put = this.putOnce(key, body).finally(() => this.putting.delete(key));
      this.putting.set(key, put);
    }
    return put;
  }

  private async putOnce(key: string, body: Buffer): Promise<BlobInfo> {
    const existing = await this.stat(key);
    if (existing) return existing;
    return this.write(key, body);
  }

  private async write(key: string, body: Buffer): Promise<BlobInfo> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentLength: body.length,
        ContentType: contentTypeOfKey(key),
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
    return this.info(key, body.length);
  }

  /** Resolves when the bucket answers and the credentials may use it; rejects with why not. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return this.info(key, head.ContentLength ?? 0);
    } catch (err) {
      return notFoundAsUndefined(err);
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    const body = (await this.object(key))?.Body;
    return body && Buffer.from(await body.transformToByteArray());
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | undefined> {
    const answer = await this.object(key, range);
    // In Node the SDK's body is an http.IncomingMessage, a Readable.
    const body = answer?.Body as Readable | undefined;
    if (!body || !range) return body;
    // A server may ignore Range (HTTP allows it) or widen it (s3rver reads `bytes=0-0` as the
    // whole object): cut what was asked for out of what came.
    const sent = /^bytes (\d+)-(\d+)\//.exec(answer?.ContentRange ?? '');
    const sentStart = sent ? Number(sent[1]) : 0;
    const sentEnd = sent ? Number(sent[2]) : Infinity;
    if (sentStart === range.start && sentEnd === range.end) return body;
    if (sentStart > range.start) {
      body.destroy();
      throw new Error(`the store sent bytes from ${sentStart} for a range from ${range.start}`);
    }
    return slice(body, range.start - sentStart, range.end - range.start + 1);
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }

  private async object(key: string, range?: ByteRange) {
    try {
      return await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (err) {
      return notFoundAsUndefined(err);
    }
  }

  private objectKey(key: string): string {
    assertBlobKey(key);
    return `${this.settings.prefix}${key}`;
  }

  private info(key: string, size: number): BlobInfo {
    return { key, size, contentType: contentTypeOfKey(key), etag: etagOfKey(key) };
  }
}

/**
 * HeadObject answers a bare 404 (`NotFound`), GetObject `NoSuchKey`. A missing bucket is a
 * misconfiguration, not an absent blob (GetObject tells it apart; HeadObject cannot).
 */
function notFoundAsUndefined(err: unknown): undefined {
  if (
    err instanceof S3ServiceException &&
    err.$metadata.httpStatusCode === 404 &&
    err.name !== 'NoSuchBucket'
  )
    return undefined;
  throw err;
}

/** `length` bytes of `source` after its first `skip`; the rest of `source` is not read. */
function slice(source: Readable, skip: number, length: number): Readable {
  async function* cut(): AsyncGenerator<Buffer> {
    let offset = 0;
    try {
      for await (const chunk of source) {
        const buffer = chunk as Buffer;
        const from = Math.max(0, skip - offset);
        const to = Math.min(buffer.length, skip + length - offset);
        offset += buffer.length;
        if (from < to) yield buffer.subarray(from, to);
        if (offset >= skip + length) return;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(cut(), { objectMode: false });
}
