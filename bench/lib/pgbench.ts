/**
 * pgbench (PostgreSQL's own load generator) as a benchmark row: a script of statements run by
 * `connections` clients for a while, reported as a WrkResult (transactions as requests), so that a
 * route can be divided by the database's own rate for the same statements in the same run.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WrkResult } from './wrk';

const run = promisify(execFile);

export interface PgbenchLoad {
  /** The transaction script (pgbench's format: \set, \gset, SQL statements). */
  script: string;
  connections: number;
  durationS: number;
}

/** pgbench's version line, or why it cannot run. */
export async function pgbenchVersion(): Promise<string> {
  const { stdout } = await run('pgbench', ['--version']);
  return stdout.trim();
}

const quantile = (sorted: number[], q: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Runs the script with the extended query protocol (as the app's driver sends statements: parse,
 * bind, execute each time), 2 threads, and reads every transaction's latency from pgbench's log.
 */
export async function runPgbench(dbUrl: string, load: PgbenchLoad): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'pci-pgbench-'));
  try {
    const script = join(dir, 'script.sql');
    writeFileSync(script, load.script);
    const threads = load.connections % 2 === 0 ? 2 : 1;
    const { stdout } = await run(
      'pgbench',
      [
        '--no-vacuum',
        '--protocol=extended',
        `--client=${load.connections}`,
        `--jobs=${threads}`,
        `--time=${load.durationS}`,
        `--file=${script}`,
        '--log',
        `--log-prefix=${join(dir, 'tx')}`,
        '--failures-detailed',
        dbUrl,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    // Per transaction: client, transaction no., latency (µs), script no., epoch s, µs.
    const latenciesMs: number[] = [];
    let failed = 0;
    for (const file of readdirSync(dir).filter((f) => f.startsWith('tx.')))
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        const fields = line.split(' ');
        if (fields.length < 3) continue;
        if (fields[2] === 'failed' || fields[2] === 'skipped') failed++;
        else latenciesMs.push(Number(fields[2]) / 1000);
      }
    latenciesMs.sort((a, b) => a - b);
    const processed = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
    const mean = latenciesMs.reduce((sum, v) => sum + v, 0) / (latenciesMs.length || 1);
    return {
      requests: Number.isFinite(processed) ? processed : latenciesMs.length,
      durationS: load.durationS,
      bytes: 0,
      non2xx: failed,
      errors: { connect: 0, read: 0, write: 0, status: 0, timeout: 0 },
      p50Ms: quantile(latenciesMs, 0.5),
      p95Ms: quantile(latenciesMs, 0.95),
      p99Ms: quantile(latenciesMs, 0.99),
      meanMs: mean,
      maxMs: latenciesMs[latenciesMs.length - 1] ?? NaN,
      ...(failed > 0 ? { firstError: `${failed} transactions failed (pgbench)` } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
