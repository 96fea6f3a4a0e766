/**
 * The builds of the app a benchmark measures: this checkout's `dist/`, and optionally another
 * revision (`--compare <rev>`), built in a temporary git worktree, or another checkout's directory
 * that is already built, so that before and after come out of one run on the same machine.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup';
import { UsageError } from './errors';
import { log } from './log';
import { REPO_ROOT } from './paths';

export interface AppBuild {
  /** Shown in the table's title, e.g. "this checkout (a519be7)". */
  label: string;
  /** The checkout whose dist/ is run (its working directory). */
  root: string;
  main: string;
  cli: string;
}

function run(cmd: string, args: string[], cwd: string, timeoutMs = 600_000): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      cmd,
      args,
      { cwd, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        err
          ? reject(new Error(`${cmd} ${args.join(' ')} failed: ${err.message}\n${stderr}`))
          : resolve(stdout.trim()),
    ),
  );
}

const shortRev = (root: string): Promise<string> =>
  run('git', ['rev-parse', '--short', 'HEAD'], root).catch(() => 'unknown commit');

function builtAt(root: string, label: string): AppBuild {
  const build = {
    label,
    root,
    main: path.join(root, 'dist', 'src', 'main.js'),
    cli: path.join(root, 'dist', 'src', 'cli.js'),
  };
  if (!existsSync(build.main) || !existsSync(build.cli))
    throw new UsageError(`${build.main} is missing: run npm run build in ${root} first.`);
  return build;
}

/** This checkout's build (the benchmark's own dist/). */
export async function currentBuild(): Promise<AppBuild> {
  return builtAt(REPO_ROOT, `this checkout (${await shortRev(REPO_ROOT)})`);
}

/**
 * `target` is either a directory holding a built checkout (its dist/src/main.js is run), or a git
 * revision of this repository: checked out in a temporary worktree (removed at the end), with
 * this checkout's node_modules when both lockfiles are equal and its own `npm install` otherwise,
 * then built with `npm run build`.
 */
export async function compareBuild(target: string): Promise<AppBuild> {
  if (existsSync(path.join(target, 'dist', 'src', 'main.js'))) {
    const root = path.resolve(target);
    return builtAt(root, `${root} (${await shortRev(root)})`);
  }
  const rev = await run('git', ['rev-parse', '--verify', `${target}^{commit}`], REPO_ROOT).catch(
    () => {
      throw new UsageError(`--compare ${target}: neither a built checkout nor a git revision`);
    },
  );
  const short = rev.slice(0, 7);
  const dir = mkdtempSync(path.join(os.tmpdir(), `pci-bench-${short}-`));
  rmSync(dir, { recursive: true });
  log(`--compare ${target}: checking out ${short} in ${dir} and building it…`);
  await run('git', ['worktree', 'add', '--detach', dir, rev], REPO_ROOT);
  onCleanup(`worktree ${dir}`, async () => {
    await run('git', ['worktree', 'remove', '--force', dir], REPO_ROOT).catch(() =>
      rmSync(dir, { recursive: true, force: true }),
    );
  });
  const lock = (root: string): string => {
    try {
      return readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    } catch {
      return '';
    }
  };
  if (lock(dir) !== '' && lock(dir) === lock(REPO_ROOT)) {
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  } else {
    log(`  its package-lock.json differs from this checkout's: npm install…`);
    await run('npm', ['install', '--no-audit', '--no-fund'], dir, 1_200_000);
  }
  await run('npm', ['run', 'build'], dir);
  return builtAt(dir, `commit ${short}`);
}
