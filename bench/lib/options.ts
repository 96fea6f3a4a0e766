/** The command line of a benchmark suite whose options are all whole numbers. */
import { parseArgs } from 'node:util';
import { errorMessage, UsageError } from './errors';

/** An option's default and its least value. */
export interface IntOption {
  fallback: number;
  min: number;
}

/**
 * Reads `--<name> <n>` for every option of `spec` (each an integer ≥ its `min`, else its
 * `fallback`); `--help` prints `usage` and exits. Anything else is a usage error.
 */
export function parseIntOptions<K extends string>(
  argv: string[],
  usage: string,
  spec: Record<K, IntOption>,
): Record<K, number> {
  const names = Object.keys(spec) as K[];
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const out = {} as Record<K, number>;
  for (const name of names) {
    const { fallback, min } = spec[name];
    const given = values[name];
    const n = given === undefined ? fallback : Number(given);
    if (!Number.isInteger(n) || n < min)
      throw new UsageError(`--${name} must be an integer ≥ ${min}`);
    out[name] = n;
  }
  return out;
}

/** The PostgreSQL server the suites make their throw-away databases on. */
export const benchAdminUrl = (): string =>
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
