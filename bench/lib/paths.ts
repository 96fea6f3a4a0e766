import path from 'node:path';

/** The checkout; this file runs as dist/bench/lib/paths.js. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const APP_MAIN = path.join(REPO_ROOT, 'dist', 'src', 'main.js');
export const APP_CLI = path.join(REPO_ROOT, 'dist', 'src', 'cli.js');
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');
/** wrk's Lua script, used from the source tree (the build does not copy it). */
export const WRK_SCRIPT = path.join(REPO_ROOT, 'bench', 'wrk', 'scenario.lua');
