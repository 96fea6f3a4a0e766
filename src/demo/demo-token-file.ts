import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureOwnerOnlyDir, OWNER_ONLY_FILE } from '../common/files/owner-only';

/**
 * The demo client's Admin token is written here (owner-only), never to the logs: a start-up
 * banner is a log line wherever output is collected, and a token there is readable by whoever
 * reads the logs. The banner says where the file is.
 */
export function demoTokenFile(dataDir: string): string {
  return join(dataDir, 'demo-token');
}

/** Writes `token` to the demo token file of `dataDir` (mode 0600, replacing an older one). */
export async function writeDemoToken(dataDir: string, token: string): Promise<string> {
  const file = demoTokenFile(dataDir);
  await ensureOwnerOnlyDir(dataDir);
  await writeFile(file, `${token}\n`, { mode: OWNER_ONLY_FILE });
  // writeFile keeps the mode of a file that existed.
  await chmod(file, OWNER_ONLY_FILE);
  return file;
}

/** The demo token file of `dataDir` when there is one. */
export function existingDemoTokenFile(dataDir: string): string | undefined {
  const file = demoTokenFile(dataDir);
  return existsSync(file) ? file : undefined;
}
