/** The throw-away database on the local PostgreSQL server. */
import { Client } from 'pg';
import { onCleanup } from './cleanup';
import { UsageError } from './errors';
import { log } from './log';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function assertLoopback(url: string, what: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    throw new UsageError(`${what} must point at the local machine (loopback), not ${host}.`);
  }
}

export async function connect(url: string, applicationName = 'orders-bench'): Promise<Client> {
  const client = new Client({ connectionString: url, application_name: applicationName });
  await client.connect();
  return client;
}

export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = await connect(adminUrl);
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = await connect(adminUrl);
  try {
    // FORCE (PostgreSQL 13+) ends sessions still attached, e.g. after an interrupted seeding.
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export interface BenchDatabase {
  dbName: string;
  dbUrl: string;
  pgVersion: string;
}

/**
 * Creates the database `pci_bench_<runId>` on the server of `adminUrl` and registers its drop
 * first (DROP … IF EXISTS is harmless if the creation failed).
 */
export async function createBenchDatabase(adminUrl: string, runId: string): Promise<BenchDatabase> {
  const dbName = `pci_bench_${runId}`;
  const dbUrl = withDatabase(adminUrl, dbName);
  onCleanup(`database ${dbName}`, async () => {
    await dropDatabase(adminUrl, dbName);
    log(`dropped database ${dbName}`);
  });
  await createDatabase(adminUrl, dbName);
  log(`created database ${dbName}`);
  const probe = await connect(dbUrl);
  const pgVersion = (await probe.query<{ server_version: string }>('SHOW server_version')).rows[0]
    .server_version;
  await probe.end();
  return { dbName, dbUrl, pgVersion };
}
