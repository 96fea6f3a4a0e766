import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCurrentTemplate, seedFromTemplate, templateFingerprint } from './embedded-template';

/** A template directory as makeEmbeddedTemplate leaves it, with a stand-in database. */
async function fakeTemplate(dir: string, fingerprint: string): Promise<void> {
  await mkdir(join(dir, 'pgdata', 'base'), { recursive: true });
  await writeFile(join(dir, 'pgdata', 'PG_VERSION'), '17\n', { mode: 0o644 });
  await writeFile(join(dir, 'template.json'), JSON.stringify({ fingerprint }));
}

describe('embedded database template', () => {
  let work: string;
  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'pci-template-'));
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  it('gives a new data directory a copy of a current template, owner-only', async () => {
    const template = join(work, 'template');
    await fakeTemplate(template, templateFingerprint());
    expect(await isCurrentTemplate(template)).toBe(true);
    const dataDir = join(work, 'data');
    expect(await seedFromTemplate(dataDir, template)).toBe(true);
    expect(await readFile(join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect((await stat(join(dataDir, 'pgdata', 'PG_VERSION'))).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'pgdata.partial'))).toBe(false);
    // A data directory with a database keeps it.
    await writeFile(join(dataDir, 'pgdata', 'PG_VERSION'), 'mine\n');
    expect(await seedFromTemplate(dataDir, template)).toBe(false);
    expect(await readFile(join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('mine\n');
  });

  it('ignores a template of other migrations or another PGlite, or none', async () => {
    const template = join(work, 'template');
    await fakeTemplate(template, 'made-by-other-code');
    expect(await isCurrentTemplate(template)).toBe(false);
    expect(await seedFromTemplate(join(work, 'data'), template)).toBe(false);
    expect(existsSync(join(work, 'data', 'pgdata'))).toBe(false);
    expect(await seedFromTemplate(join(work, 'data'), join(work, 'none'))).toBe(false);
  });

  it('fingerprints the migrations, not the moment', () => {
    expect(templateFingerprint()).toBe(templateFingerprint());
    expect(templateFingerprint()).toMatch(/^[\w-]{43}$/);
  });
});
