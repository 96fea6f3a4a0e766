import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Modes of the service's local files (embedded database, generated keys): the owner only. */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** Creates `dir` (and missing parents) as owner-only, and narrows it if it already existed. */
export async function ensureOwnerOnlyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  await chmod(dir, OWNER_ONLY_DIR);
}

/**
 * Narrows `dir` and everything in it to the owner: directories 0700, regular files 0600
 * (symlinks and sockets are left alone). Fixes what an older version, another tool or a
 * library that ignores the umask created with wider modes.
 */
export async function makeOwnerOnly(dir: string): Promise<void> {
  await chmod(dir, OWNER_ONLY_DIR);
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() || entry.isFile())
      .map((entry) =>
        chmod(
          join(entry.parentPath, entry.name),
          entry.isDirectory() ? OWNER_ONLY_DIR : OWNER_ONLY_FILE,
        ).catch(ignoreVanished),
      ),
  );
}

/** A file removed between listing and chmod (a database's temporary file) needs no mode. */
function ignoreVanished(err: NodeJS.ErrnoException): void {
  if (err.code !== 'ENOENT') throw err;
}
