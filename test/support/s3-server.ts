import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/common/settings/section-settings';

/** s3rver accepts requests signed with this key pair. */
const KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Settings for an S3BlobStore on this server. */
  settings(prefix?: string): S3Settings;
  /** Environment variables selecting this server as the app's blob store. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in this process, on a free loopback port, keeping its
 * objects in a temporary directory, with one empty bucket.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'pci-s3-'));
  const bucket = 'blobs';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: (prefix = '') => ({
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: KEY, secretAccessKey: KEY },
      forcePathStyle: true,
      prefix,
    }),
    env: (prefix = '') => ({
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_PREFIX: prefix,
    }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
