import path from 'node:path';

/** The checkout; this file runs as dist/bench/lib/paths.js. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** The bare NestJS app, the ceiling every route is compared with (bench/hello-app.ts). */
export const HELLO_APP = path.join(REPO_ROOT, 'dist', 'bench', 'hello-app.js');
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');
/** wrk's Lua script, used from the source tree (the build does not copy it). */
export const WRK_SCRIPT = path.join(REPO_ROOT, 'bench', 'wrk', 'scenario.lua');
