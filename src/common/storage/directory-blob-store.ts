import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../files/owner-only';
import { assertBlobKey, contentTypeOfKey, etagOfKey } from './blob-keys';
import { BlobInfo, BlobStore, ByteRange, PutOptions } from './blob-store';

/**
 * Blobs as files under `<root>/<key>` (embedded mode: `DATA_DIR/blobs`). A blob is written to a
 * temporary file and renamed into place, so a reader never sees half a blob and concurrent puts
 * of one key leave one whole file. Like the rest of the data directory, the files are the owner's
 * only (0600, directories 0700): uploads are clients' artwork.
 */
export class DirectoryBlobStore extends BlobStore {
  constructor(private readonly root: string) {
    super();
  }

  async put(key: string, body: Buffer, options: PutOptions = {}): Promise<BlobInfo> {
    const path = this.path(key);
    const existing = options.replace ? undefined : await this.stat(key);
    if (existing) return existing;
    await mkdir(dirname(path), { recursive: true, mode: OWNER_ONLY_DIR });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, body, { flag: 'wx', mode: OWNER_ONLY_FILE });
      await rename(temporary, path);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
    return this.info(key, body.length);
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    const found = await stat(this.path(key)).catch(notFoundAsUndefined);
    return found?.isFile() ? this.info(key, found.size) : undefined;
  }

  async get(key: string): Promise<Buffer | undefined> {
    return readFile(this.path(key)).catch(notFoundAsUndefined);
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | undefined> {
    if (!(await this.stat(key))) return undefined;
    return createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
  }

  private path(key: string): string {
    assertBlobKey(key); // also rules out `..` and absolute paths
    return join(this.root, key);
  }

  private info(key: string, size: number): BlobInfo {
    return { key, size, contentType: contentTypeOfKey(key), etag: etagOfKey(key) };
  }
}

function notFoundAsUndefined(err: unknown): undefined {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw err;
}
