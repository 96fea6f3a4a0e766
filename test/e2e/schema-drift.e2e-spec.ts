import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pendingSchemaChanges } from '../../src/database/schema-drift';
import { ENTITIES } from '../../src/entities';
import { createTestApp, TestApp } from '../setup/test-app';

const ROOT = join(__dirname, '..', '..');
const OPENAPI_SCRIPT = join(ROOT, 'dist', 'scripts', 'openapi.js');

function run(
  script: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: ROOT, timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('Drift checks', () => {
  describe('database schema', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('the modules register exactly the entities the schema tools know', () => {
      const registered = t.dataSource.entityMetadatas.map((m) => m.target);
      expect(new Set(registered)).toEqual(new Set(ENTITIES));
    });

    it('the migrations produce exactly the schema the entities describe', async () => {
      expect(await pendingSchemaChanges(t.dataSource)).toEqual([]);
    });
  });

  describe('committed OpenAPI document (checked from the build)', () => {
    let dir: string;
    beforeAll(async () => {
      if (!existsSync(OPENAPI_SCRIPT))
        throw new Error(`${OPENAPI_SCRIPT} is missing: run \`npm run build\` first`);
      dir = await mkdtemp(join(tmpdir(), 'pci-openapi-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('matches the code', async () => {
      const res = await run(OPENAPI_SCRIPT, '--check');
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
    });

    it('fails, naming the difference, when the document is stale', async () => {
      const doc = JSON.parse(await readFile(join(ROOT, 'openapi.json'), 'utf8')) as {
        info: { version: string };
      };
      doc.info.version = 'v0-stale';
      const stale = join(dir, 'stale.json');
      await writeFile(stale, `${JSON.stringify(doc, null, 2)}\n`);
      const res = await run(OPENAPI_SCRIPT, '--check', stale);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('is stale');
      expect(res.stderr).toContain('v0-stale');
    });
  });

  it('the document is titled and versioned v1 and declares the token header', async () => {
    const doc = JSON.parse(await readFile(join(ROOT, 'openapi.json'), 'utf8')) as {
      info: { title: string; version: string };
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.info).toMatchObject({ title: 'Product Customizer Integration API', version: 'v1' });
    expect(doc.components.securitySchemes['api-token']).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'SERVICE_API_TOKEN' }),
    );
  });
});
