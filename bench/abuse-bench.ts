/**
 * The abuse suite of `npm run bench` (bench/README.md, "Abuse"): each attack of issues 24 and 38
 * runs for `--duration` seconds against one instance while another client's ordinary work and
 * GET /health/live are probed; one table row per attack, with the issue's targets checked.
 *
 *   npm run bench -- abuse [--duration 10] [--database embedded|postgres] [--attacks H1,M2]
 *                          [--assets 8000] [--settle 180] [--small]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertAlive } from './lib/app-process';
import { currentBuild } from './lib/build';
import { assertLoopback } from './lib/database';
import { errorMessage, UsageError } from './lib/errors';
import { log } from './lib/log';
import { benchAdminUrl } from './lib/options';
import { benchRedis } from './lib/redis';
import { describeMachine, fmt, publishResults, stamp } from './lib/report';
import { Attack, ATTACKS } from './abuse/attacks';
import { peaksUntilNow, runProbes, settle } from './abuse/probes';
import { AbuseRow, ABUSE_TABLE_HEAD, abuseRow, TARGETS } from './abuse/row';
import { count, newTally } from './abuse/tally';
import { prepareAbuseTarget } from './abuse/target';

interface Options {
  durationS: number;
  database: 'embedded' | 'postgres';
  attacks: Attack[];
  assets: number;
  settleS: number;
  small: boolean;
}

const USAGE = `Usage: npm run bench -- abuse [options]
  --duration <s>       seconds each attack runs while the probes measure (default 10)
  --database <kind>    embedded (default: PGlite in the API process) or postgres (a throw-away
                       database on BENCH_DATABASE_URL, with BENCH_REDIS_URL's Redis if it answers)
  --attacks <ids>      comma-separated ids of the attacks to run (default all: ${ATTACKS.map((a) => a.id).join(',')})
  --part <k/n>         of those, every n-th from the k-th (0 ≤ k < n): a part of the attacks, so that
                       n runs with k = 0…n-1 run each attack once (CI's smoke runs turn k with the commit)
  --assets <n>         uploads in M3's library, made before it runs (default 8000)
  --settle <s>         longest wait for the app to be idle again after an attack (default 180)
  --small              every input shrunk (a smoke run for CI: seconds, not minutes)`;

function parseOptions(argv: string[]): Options {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        duration: { type: 'string' },
        database: { type: 'string' },
        attacks: { type: 'string' },
        part: { type: 'string' },
        assets: { type: 'string' },
        settle: { type: 'string' },
        small: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const int = (name: string, fallback: number, min: number): number => {
    const given = values[name];
    const n = given === undefined ? fallback : Number(given);
    if (!Number.isInteger(n) || n < min)
      throw new UsageError(`--${name} must be an integer ≥ ${min}`);
    return n;
  };
  const database = (values.database ?? 'embedded') as string;
  if (database !== 'embedded' && database !== 'postgres')
    throw new UsageError(`--database is embedded or postgres, not ${database}`);
  const ids =
    typeof values.attacks === 'string' ? values.attacks.toUpperCase().split(',') : undefined;
  const unknown = ids?.filter((id) => !ATTACKS.some((a) => a.id === id)) ?? [];
  if (unknown.length > 0) throw new UsageError(`unknown attacks: ${unknown.join(', ')}`);
  const chosen = ids ? ATTACKS.filter((a) => ids.includes(a.id)) : ATTACKS;
  return {
    durationS: int('duration', 10, 1),
    database,
    attacks: partOf(chosen, values.part),
    assets: int('assets', 8000, 1),
    settleS: int('settle', 180, 1),
    small: values.small === true,
  };
}

/** The attacks of `part` ("k/n": every n-th from the k-th), all of them without it. */
function partOf(attacks: Attack[], part: string | boolean | undefined): Attack[] {
  if (part === undefined) return attacks;
  const match = typeof part === 'string' ? /^(\d+)\/(\d+)$/.exec(part) : null;
  const [k, n] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(n >= 1 && k >= 0 && k < n))
    throw new UsageError(`--part is k/n with 0 ≤ k < n (say 1/3), not ${String(part)}`);
  return attacks.filter((_, i) => i % n === k);
}

/** The abuse suite (bench/bench.ts). */
export async function abuseBench(argv: string[]): Promise<void> {
  const opts = parseOptions(argv);
  const adminUrl = opts.database === 'postgres' ? benchAdminUrl() : undefined;
  if (adminUrl) assertLoopback(adminUrl, 'BENCH_DATABASE_URL');
  const build = await currentBuild();
  const redis = adminUrl ? await benchRedis() : undefined;
  const startedAt = new Date();
  const runId = `${stamp(startedAt)}_abuse`;
  const target = await prepareAbuseTarget(build, adminUrl, redis?.url, runId);
  const rows: AbuseRow[] = [];
  const notes: string[] = [];
  for (const attack of opts.attacks) {
    assertAlive(target.app);
    log(`${attack.id}: ${attack.title}: preparing…`);
    const plan = await attack.prepare({ target, small: opts.small, assets: opts.assets });
    log(`${attack.id}: ${opts.durationS} s of attack${plan.note ? ` (${plan.note})` : ''}`);
    // The window: no new request after it, but those under way are waited for (each has its
    // deadline), so that a stall shows in full and every attack request gets its answer.
    let open = true;
    const stop = sleep(opts.durationS * 1000).then(() => {
      open = false;
    });
    const probes = runProbes(target, stop);
    const answers = newTally();
    let n = 0;
    await Promise.all(
      Array.from({ length: plan.loops }, async (_, loop) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          while (open) {
            count(answers, await plan.step(agent, loop, n++));
            if (plan.pauseMs > 0 && open) await Promise.race([sleep(plan.pauseMs), stop]);
          }
        } finally {
          agent.destroy();
        }
      }),
    );
    const seen = await probes;
    const settled = await settle(target, opts.settleS);
    log(
      `${attack.id}: idle again after ${fmt(settled.s, 0)} s${settled.settled ? '' : ' (not settled)'}`,
    );
    peaksUntilNow(target, seen);
    const row = abuseRow(attack, answers, seen, settled);
    rows.push(row);
    log(`  ${row.line}`);
    if (plan.note) notes.push(`${attack.id}: ${plan.note}.`);
    if (!settled.settled)
      notes.push(
        `${attack.id}: the app was still busy ${opts.settleS} s after the attack; the next row starts on a busy app.`,
      );
  }
  const machine = [
    ...(await describeMachine(startedAt, target.database)),
    `- Command: npm run bench -- abuse ${argv.join(' ')}`.trimEnd(),
    `- Target: ${target.workers.length ? `one API process with WORKERS=false and ${target.workers.length} worker processes (as compose.yaml runs them)` : 'one API process (job workers on)'}, ${target.database}${redis ? `, ${redis.description}` : ', no Redis'}; the benchmark, its probes and the attacks share the machine.`,
  ];
  publishResults(
    runId,
    `Abuse benchmark ${startedAt.toISOString()}`,
    machine,
    [ABUSE_TABLE_HEAD, ...rows.map((r) => r.line)].join('\n'),
    [TARGETS, ...notes],
  );
}
