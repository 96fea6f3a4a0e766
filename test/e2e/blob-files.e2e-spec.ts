import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadAsset } from '../factories/assets';
import { createClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { testImage } from '../support/images';

/**
 * Issue 24 (low): blob files in the data directory were created 0644 (world-readable artwork),
 * while the rest of the data directory is the owner's only.
 */
describe('Blob files of the embedded store (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are written owner-only: files 0600, directories 0700', async () => {
    const c = await createClient(t.app);
    const res = await uploadAsset(t, c, await testImage('png', { width: 12, height: 9 }));
    expect(res.status).toBe(201);
    const root = join(t.config.dataDir, 'blobs');
    const entries = await readdir(root, { recursive: true });
    const modes = await Promise.all(
      entries.map(async (p) => {
        const found = await lstat(join(root, p));
        return { dir: found.isDirectory(), mode: (found.mode & 0o777).toString(8) };
      }),
    );
    expect(modes.filter((m) => !m.dir).length).toBeGreaterThan(0);
    expect(modes.filter((m) => m.mode !== (m.dir ? '700' : '600'))).toEqual([]);
    expect(((await lstat(root)).mode & 0o777).toString(8)).toBe('700');
  });
});
