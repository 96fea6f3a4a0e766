import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { projectRoot } from '../common/files/project-root';
import { makeOwnerOnly } from '../common/files/owner-only';
import { buildDataSourceOptions } from './data-source-options';
import { openEmbeddedDatabase } from './embedded-postgres';
import { runMigrations } from './migrate';
import { MIGRATIONS } from './migrations';

/**
 * The migrated embedded database a new data directory starts from. Creating a PGlite data
 * directory (initdb) and applying every migration took most of a first start (seconds on an idle
 * machine, far more on a busy one); `npm install` and `npm start` make this template once (scripts/
 * build-if-stale.mjs), and the server copies it into a new DATA_DIR instead (a copy of ~40 MB).
 * A template is used only when its fingerprint is the running code's: the same migrations (names
 * and code) and the same PGlite. Otherwise the server creates and migrates as before.
 */
const MANIFEST = 'template.json';

interface Manifest {
  fingerprint: string;
}

/** Where the template lives: in dist/, beside the build it was made by. */
export function embeddedTemplateDir(root = projectRoot()): string {
  return join(root, 'dist', 'embedded-template');
}

/** What the template must match: the migrations (names and code) and PGlite's version. */
export function templateFingerprint(root = projectRoot()): string {
  const hash = createHash('sha256');
  for (const m of MIGRATIONS)
    hash.update(`${m.name}\n${String(m.prototype.up)}\n${String(m.prototype.down)}\n`);
  hash.update(pgliteVersion(root));
  return hash.digest('base64url');
}

function pgliteVersion(root: string): string {
  try {
    const file = join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** Whether `dir` holds a template made by the running code (see {@link templateFingerprint}). */
export async function isCurrentTemplate(dir: string, root = projectRoot()): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
    return manifest.fingerprint === templateFingerprint(root) && existsSync(join(dir, 'pgdata'));
  } catch {
    return false;
  }
}

/**
 * Makes the template in `dir` (replacing an outdated one) unless it is current; returns whether
 * it made one. Built beside `dir` and renamed into place, so a template is whole or absent.
 */
export async function makeEmbeddedTemplate(
  dir = embeddedTemplateDir(),
  root = projectRoot(),
): Promise<boolean> {
  if (await isCurrentTemplate(dir, root)) return false;
  const building = `${dir}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  try {
    const db = await openEmbeddedDatabase(building, { attachIfRunning: false, maxConnections: 2 });
    try {
      const pool = { poolSize: 1, statementTimeoutMs: 600_000, connectTimeoutMs: 60_000 };
      const ds = await new DataSource(buildDataSourceOptions(db.connection, pool)).initialize();
      try {
        // An empty database: migrations that encrypt stored data have nothing to convert.
        await runMigrations(ds);
      } finally {
        await ds.destroy();
      }
    } finally {
      await db.close();
    }
    // Only the database: the socket directory is the server's.
    await rm(join(building, 'run'), { recursive: true, force: true });
    await writeFile(
      join(building, MANIFEST),
      `${JSON.stringify({ fingerprint: templateFingerprint(root) } satisfies Manifest)}\n`,
    );
    await rm(dir, { recursive: true, force: true });
    await rename(building, dir);
    return true;
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

/**
 * Gives the data directory `dataDir` its database from the template when it has none yet and a
 * current template exists; returns whether it did. The copy is made beside and renamed into
 * place, so an interrupted copy leaves no half database behind.
 */
export async function seedFromTemplate(
  dataDir: string,
  template = embeddedTemplateDir(),
): Promise<boolean> {
  const pgdata = join(dataDir, 'pgdata');
  if (existsSync(pgdata) || !(await isCurrentTemplate(template))) return false;
  const partial = `${pgdata}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  await cp(join(template, 'pgdata'), partial, { recursive: true });
  await makeOwnerOnly(partial);
  await rename(partial, pgdata);
  return true;
}
