import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/lib/ports';
import { CHILD_PROCESS_TIMEOUT_MS } from './budgets';

const ROOT = resolve(__dirname, '..', '..');
export const MAIN = join(ROOT, 'dist', 'src', 'main.js');
export const WORKER = join(ROOT, 'dist', 'src', 'worker.js');
const CLI = join(ROOT, 'dist', 'src', 'cli.js');
/** Makes the migrated embedded database a new DATA_DIR starts from (when not current). */
export const EMBEDDED_TEMPLATE = join(ROOT, 'dist', 'scripts', 'embedded-template.js');

/** The built server (`node dist/src/main.js`) as a new user or an operator starts it. */
export interface BuiltServer {
  /** Everything it wrote to stdout up to and including the start-up banner. */
  readonly stdout: string;
  readonly stderr: string;
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** The banner on a terminal (to its blank line), or its JSON line. */
const BANNER = /Swagger UI: [^\n]*\n(?:[^\n]+\n)*\n|"msg":"listening"[^\n]*\n/;

function ensureBuilt(): void {
  if (!existsSync(MAIN))
    throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does it first)`);
}

/**
 * Starts the built server with exactly `env` (plus PATH and a free PORT) and resolves once the
 * banner is out: its lines on a terminal ("Swagger UI: …" to a blank line), else its JSON line. Its output is piped, or with `tty` a terminal, as in a
 * developer's shell (through util-linux `script`; stderr then arrives with stdout).
 */
export async function startBuiltServer(
  env: Record<string, string>,
  { tty = false }: { tty?: boolean } = {},
): Promise<BuiltServer> {
  ensureBuilt();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const [command, args] = tty
    ? ['script', ['-qfec', `"${process.execPath}" "${MAIN}"`, '/dev/null']]
    : [process.execPath, [MAIN]];
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), BASE_URL: baseUrl, ...env },
    stdio: [tty ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    // Its own process group: a server that never gets ready is killed with `script` around it.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  // A terminal ends lines with \r\n.
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString().replace(/\r/g, '')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<string>((done) =>
    child.once('exit', (code, signal) => done(signal ?? `code ${code}`)),
  );
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => {
      killGroup(child);
      fail(new Error(`no banner within ${CHILD_PROCESS_TIMEOUT_MS} ms:\n${stdout}${stderr}`));
    }, CHILD_PROCESS_TIMEOUT_MS);
    const check = (): void => {
      if (BANNER.test(stdout)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((how) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${how}) during start-up:\n${stdout}${stderr}`));
    });
  });
  return {
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** SIGKILL to `child`'s process group (the server under `script` too), else to `child` alone. */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Runs the built CLI with exactly `env` (plus PATH); resolves with its exit code and output. */
export function runBuiltCli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runBuilt(env, CLI, ...args);
}

/**
 * Runs a built entry point (`dist/src/…js`) with exactly `env` (plus PATH) until it exits;
 * resolves with its exit code and output.
 */
export async function runBuilt(
  env: Record<string, string>,
  entry: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  ensureBuilt();
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [entry, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: CHILD_PROCESS_TIMEOUT_MS,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: unknown; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : 1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    };
  }
}
