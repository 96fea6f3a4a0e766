import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadKeyRing } from '../../src/common/crypto/key-ring';
import { openEmbeddedDatabase } from '../../src/database/embedded-postgres';

/** Paths under `dir` (and `dir` itself) whose mode is not owner-only: directories 0700, files 0600. */
async function notOwnerOnly(dir: string): Promise<string[]> {
  const paths = [dir, ...(await readdir(dir, { recursive: true })).map((p) => join(dir, p))];
  const wrong: string[] = [];
  for (const path of paths) {
    const stat = await lstat(path);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory() && mode !== 0o700) wrong.push(`${path} ${mode.toString(8)}`);
    if (stat.isFile() && mode !== 0o600) wrong.push(`${path} ${mode.toString(8)}`);
  }
  return wrong;
}

/** Embedded mode's data directory holds personal data and the generated key: the owner's only. */
describe('Embedded data files', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pci-files-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('are created owner-only: directories 0700, files 0600', async () => {
    const dataDir = join(dir, 'fresh');
    const db = await openEmbeddedDatabase(dataDir, { attachIfRunning: false, maxConnections: 2 });
    try {
      await loadKeyRing(undefined, dataDir);
      expect(await notOwnerOnly(dataDir)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('are narrowed to owner-only on start when an existing directory is wider', async () => {
    const dataDir = join(dir, 'fresh');
    const keys = join(dataDir, 'keys');
    // As an older version, a copy or a restore may have left them.
    await chmod(dataDir, 0o755);
    await chmod(join(dataDir, 'pgdata'), 0o755);
    await chmod(join(dataDir, 'pgdata', 'PG_VERSION'), 0o644);
    await chmod(join(dataDir, 'pgdata', 'global'), 0o777);
    await chmod(keys, 0o755);
    await chmod(join(keys, 'data-encryption.keys'), 0o644);

    const db = await openEmbeddedDatabase(dataDir, { attachIfRunning: false, maxConnections: 2 });
    try {
      await loadKeyRing(undefined, dataDir);
      expect(await notOwnerOnly(dataDir)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('keep a restored key file owner-only when the key ring is loaded', async () => {
    const dataDir = join(dir, 'restored');
    await mkdir(join(dataDir, 'keys'), { recursive: true, mode: 0o755 });
    await writeFile(
      join(dataDir, 'keys', 'data-encryption.keys'),
      `local1:${randomBytes(32).toString('base64')}\n`,
      { mode: 0o644 },
    );
    await loadKeyRing(undefined, dataDir);
    expect(await notOwnerOnly(join(dataDir, 'keys'))).toEqual([]);
  });
});
