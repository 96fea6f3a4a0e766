import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobStoreContract } from '../../../test/support/blob-store-contract';
import { DirectoryBlobStore } from './directory-blob-store';

describe('DirectoryBlobStore', () => {
  let root: string;

  blobStoreContract(async () => {
    root = await mkdtemp(join(tmpdir(), 'pci-blobs-'));
    return {
      store: new DirectoryBlobStore(join(root, 'blobs')),
      close: () => rm(root, { recursive: true, force: true }),
    };
  });

  it('leaves no temporary file behind', async () => {
    const files = await readdir(join(root, 'blobs'), { recursive: true });
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files.length).toBeGreaterThan(0);
  });
});
