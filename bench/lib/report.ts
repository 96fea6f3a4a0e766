/** Number formats, the machine's description and the results file. */
import { execFile } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log } from './log';
import { REPO_ROOT, RESULTS_DIR } from './paths';

export const fmt = (n: number | undefined, digits = 1): string =>
  n === undefined || Number.isNaN(n)
    ? '—'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const percent = (share: number | undefined): string =>
  share === undefined ? '?' : `${Math.round(share * 100)}%`;

/** 2026-11-21T08:29:53Z → 20261121_082953: the run's id, in the database and file names. */
export function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15).toLowerCase();
}

/** The commit the build came from, and whether src/ had uncommitted changes. */
function gitRevision(): Promise<string> {
  const git = (args: string[]): Promise<string> =>
    new Promise((resolve) =>
      execFile('git', args, { cwd: REPO_ROOT, timeout: 10_000 }, (err, stdout) =>
        resolve(err ? '' : stdout.trim()),
      ),
    );
  return Promise.all([
    git(['rev-parse', '--short', 'HEAD']),
    git(['status', '--porcelain', '--', 'src']),
  ]).then(([head, dirty]) =>
    head ? `commit ${head}${dirty ? ' with uncommitted changes in src/' : ''}` : 'unknown commit',
  );
}

/** When `npm run build` last completed (it writes dist/.build-stamp). */
function buildTime(): string {
  try {
    return statSync(path.join(REPO_ROOT, 'dist', '.build-stamp')).mtime.toISOString();
  } catch {
    return 'unknown';
  }
}

/** Date, CPU, memory, versions and checkout, as Markdown list items. */
export async function describeMachine(startedAt: Date, pgVersion: string): Promise<string[]> {
  return [
    `- Date: ${startedAt.toISOString()}`,
    `- CPU: ${os.availableParallelism()} cores (nproc), ${os.cpus()[0]?.model ?? 'unknown'}; memory ${fmt(os.totalmem() / 2 ** 30)} GiB`,
    `- Node.js ${process.version}, PostgreSQL ${pgVersion}, ${os.type()} ${os.release()}`,
    `- Checkout: ${await gitRevision()}; last build (dist/.build-stamp): ${buildTime()}`,
  ];
}

/**
 * Prints the table and the notes on stdout, and writes them under `title` with the machine's
 * description to bench/results/<runId>.md (git-ignored).
 */
export function publishResults(
  runId: string,
  title: string,
  machine: string[],
  tableText: string,
  info: string[],
): void {
  const markdown = [
    `# ${title}`,
    '',
    ...machine,
    '',
    tableText,
    '',
    ...info.map((l) => `- ${l}`),
    '',
  ].join('\n');
  process.stdout.write(`\n${tableText}\n\n${info.join('\n')}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${runId}.md`);
  writeFileSync(file, markdown);
  log(`results written to ${path.relative(REPO_ROOT, file)}`);
}
