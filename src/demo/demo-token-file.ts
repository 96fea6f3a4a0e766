import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureOwnerOnlyDir, OWNER_ONLY_FILE } from '../common/files/owner-only';

/**
 * The demo client's Admin token and its console user's password are written to files of the data
 * directory (owner-only), never to the logs: a start-up banner is a log line wherever output is
 * collected, and a secret there is readable by whoever reads the logs. The banner says where the
 * files are.
 */
export function demoTokenFile(dataDir: string): string {
  return join(dataDir, 'demo-token');
}

/** The demo console user's password file of `dataDir`. */
export function demoPasswordFile(dataDir: string): string {
  return join(dataDir, 'demo-password');
}

/** Writes `token` to the demo token file of `dataDir` (mode 0600, replacing an older one). */
export function writeDemoToken(dataDir: string, token: string): Promise<string> {
  return writeSecret(dataDir, demoTokenFile(dataDir), token);
}

/** Writes `password` to the demo password file of `dataDir` (mode 0600, replacing an older one). */
export function writeDemoPassword(dataDir: string, password: string): Promise<string> {
  return writeSecret(dataDir, demoPasswordFile(dataDir), password);
}

/** The demo token file of `dataDir` when there is one. */
export function existingDemoTokenFile(dataDir: string): string | undefined {
  const file = demoTokenFile(dataDir);
  return existsSync(file) ? file : undefined;
}

/** The demo password file of `dataDir` when there is one. */
export function existingDemoPasswordFile(dataDir: string): string | undefined {
  const file = demoPasswordFile(dataDir);
  return existsSync(file) ? file : undefined;
}

async function writeSecret(dataDir: string, file: string, secret: string): Promise<string> {
  await ensureOwnerOnlyDir(dataDir);
  await writeFile(file, `${secret}\n`, { mode: OWNER_ONLY_FILE });
  // writeFile keeps the mode of a file that existed.
  await chmod(file, OWNER_ONLY_FILE);
  return file;
}
