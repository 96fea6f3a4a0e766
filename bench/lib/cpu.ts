/**
 * CPU use from /proc (Linux): how busy the machine is, and which share of it went to processes
 * that are not part of the benchmark. Elsewhere the figures are unknown (undefined).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'pg';

/** Busy and total CPU ticks of the whole machine (/proc/stat, all CPUs). */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
    const n = ticks.map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - n[3] - (n[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/** CPU ticks (own + reaped children) and command name of every process (/proc/<pid>/stat). */
function processTicks(): Map<number, { ticks: number; comm: string }> {
  const result = new Map<number, { ticks: number; comm: string }>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return result;
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' '); // fields[0] is field 3 (state)
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      result.set(Number(entry), { ticks, comm: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // the process ended meanwhile
    }
  }
  return result;
}

/**
 * Measures which share of the machine's CPU went to processes other than the bench, the app and
 * the PostgreSQL processes serving the bench database, while `fn` runs: anything else running
 * at the same time (tests, builds) skews the figures, and this makes it visible.
 */
export async function withForeignCpu<T>(
  monitor: Client,
  dbName: string,
  appPid: number,
  fn: () => Promise<T>,
): Promise<{ result: T; foreign: number | undefined }> {
  const m0 = machineTicks();
  const p0 = processTicks();
  const result = await fn();
  const m1 = machineTicks();
  const p1 = processTicks();
  const otherDatabases = new Set(
    (
      await monitor.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname IS NOT NULL AND datname <> $1',
        [dbName],
      )
    ).rows.map((r) => r.pid),
  );
  if (!m0 || !m1 || m1.total === m0.total || p1.size === 0) return { result, foreign: undefined };
  let ours = 0;
  for (const [pid, { ticks, comm }] of p1) {
    const mine =
      pid === process.pid || pid === appPid || (comm === 'postgres' && !otherDatabases.has(pid)); // incl. the postmaster (reaped workers)
    if (mine) ours += ticks - (p0.get(pid)?.ticks ?? 0);
  }
  const foreign = Math.max(0, m1.busy - m0.busy - ours) / (m1.total - m0.total);
  return { result, foreign };
}

/** Share of all CPUs busy (any process) over `ms`, from /proc/stat; undefined off Linux. */
export async function cpuBusy(ms: number): Promise<number | undefined> {
  const sample = (): { idle: number; total: number } | undefined => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
      const ticks = fields.slice(1).map(Number);
      return { idle: ticks[3] + (ticks[4] ?? 0), total: ticks.reduce((a, b) => a + b, 0) };
    } catch {
      return undefined;
    }
  };
  const a = sample();
  await sleep(ms);
  const b = sample();
  if (!a || !b || b.total === a.total) return undefined;
  return 1 - (b.idle - a.idle) / (b.total - a.total);
}
