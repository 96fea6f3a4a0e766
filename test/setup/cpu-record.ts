import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * With JEST_CPU_LOG=<file>, each test file appends one line to that file when its worker moves on:
 * the file, its wall time and the CPU time (user+system) its Jest worker spent on it, worker threads
 * included (renders, PDFs), from loading its modules to its last afterAll. CI prints the heaviest
 * (.ci/run): on a 2-core machine the run is bound by CPU, not by waiting.
 */
const log = process.env.JEST_CPU_LOG;
if (log) {
  const file = relative(process.cwd(), expect.getState().testPath ?? 'unknown');
  const cpu = process.cpuUsage();
  const started = performance.now();
  afterAll(() => {
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const wallSeconds = (performance.now() - started) / 1000;
    appendFileSync(log, `${cpuSeconds.toFixed(1)}\t${wallSeconds.toFixed(1)}\t${file}\n`);
  });
}
