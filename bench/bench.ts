/**
 * `npm run bench`: the benchmark suites, each measured against the bare NestJS app started in the
 * same run (see bench/README.md).
 *
 *   npm run bench                          every suite with its defaults, one after another
 *   npm run bench -- <suite> [options]     one suite: orders, render, print, saved-assets, abuse or webhooks (`--help` for each)
 *
 * A suite run on its own cleans up after itself (apps, databases, wrk) and exits; "every suite"
 * runs each as its own process, so that one suite's apps and databases are gone before the next.
 */
import { spawnSync } from 'node:child_process';
import { abuseBench } from './abuse-bench';
import { runWithCleanup } from './lib/cleanup';
import { UsageError } from './lib/errors';
import { log } from './lib/log';
import { ordersBench } from './orders-bench';
import { printBench } from './print-bench';
import { renderBench } from './render-bench';
import { savedAssetsBench } from './saved-assets-bench';
import { webhooksBench } from './webhooks-bench';

const SUITES: Record<string, (argv: string[]) => Promise<void>> = {
  orders: ordersBench,
  render: renderBench,
  print: printBench,
  'saved-assets': savedAssetsBench,
  abuse: abuseBench,
  webhooks: webhooksBench,
};

const [suite, ...rest] = process.argv.slice(2);

if (suite === '--help' || suite === '-h') {
  process.stdout.write(
    'Usage: npm run bench -- [orders|render|print|saved-assets|abuse|webhooks|all] [options]; npm run bench -- <suite> --help\n',
  );
} else if (suite === undefined || suite === 'all') {
  if (rest.length > 0) {
    log(
      'options go with one suite: npm run bench -- <orders|render|print|saved-assets|abuse|webhooks> [options]',
    );
    process.exit(2);
  }
  let failed = 0;
  for (const name of Object.keys(SUITES)) {
    log(`suite ${name}`);
    const run = spawnSync(process.execPath, [__filename, name], { stdio: 'inherit' });
    if (run.status !== 0) failed++;
  }
  process.exit(failed > 0 ? 1 : 0);
} else {
  runWithCleanup(() => {
    const bench = SUITES[suite];
    if (!bench)
      throw new UsageError(
        `unknown suite ${suite}: one of ${Object.keys(SUITES).join(', ')}, or none for all`,
      );
    return bench(rest);
  });
}
