/**
 * The built server as a new user starts it (`npm start`: embedded mode, demo data) on a new data
 * directory and a free port, for the scripts that exercise it as a partner would
 * (swagger-examples, typed-client run). Tokens come from the operator CLI on the same data.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './ports';

const ROOT = resolve(__dirname, '..', '..', '..');
const READY_WITHIN_MS = 180_000;

export interface FreshServer {
  url: string;
  /** Runs an operator command (`node dist/src/cli.js …`) on the server's data; its stdout. */
  cli(...args: string[]): string;
  /** A new token of `client` with `role`: the last line of `token create`. */
  token(client: string, role: 'User' | 'Admin' | 'ServiceAdmin'): string;
  stop(): void;
}

/** Resolves when the start-up banner (after the demo data) is out, on either stream. */
function banner(server: ChildProcess): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`no start-up banner within ${READY_WITHIN_MS} ms:\n${output}`)),
      READY_WITHIN_MS,
    );
    const hear = (chunk: Buffer): void => {
      output += chunk.toString();
      if (/listening/.test(output)) {
        clearTimeout(timer);
        done();
      }
    };
    server.stdout!.on('data', hear);
    server.stderr!.on('data', hear);
    server.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code}) during start-up:\n${output}`));
    });
  });
}

export async function startFreshServer(): Promise<FreshServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pci-fresh-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: url,
  };
  const server = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'main.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = (): void => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const cli = (...args: string[]): string =>
    execFileSync(process.execPath, [join(ROOT, 'dist', 'src', 'cli.js'), ...args], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  try {
    await banner(server);
  } catch (e) {
    stop();
    throw e;
  }
  return {
    url,
    cli,
    token: (client, role) =>
      cli('token', 'create', client, '--role', role).trim().split('\n').pop()!,
    stop,
  };
}
