import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { call } from './http';
import { freePort } from '../../../scripts/lib/ports';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const MAIN = join(REPO_ROOT, 'dist', 'src', 'main.js');
const CLI = join(REPO_ROOT, 'dist', 'src', 'cli.js');

/**
 * The environment of the built API as an operator runs it (production mode, PostgreSQL, an
 * encryption key, its own data directory), with short database timeouts so that a fault test
 * can bound how long a request may take while the database is gone.
 */
export class ApiEnvironment {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'pci-faults-api-'));
  readonly vars: Record<string, string>;

  constructor(databaseUrl: string, extra: Record<string, string> = {}) {
    this.vars = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: this.dataDir,
      DATA_ENCRYPTION_KEYS: `faults1:${randomBytes(32).toString('base64')}`,
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      ...extra,
    };
  }

  /** Runs the operator CLI (`dist/src/cli.js`) against the same database; resolves with stdout. */
  async cli(...args: string[]): Promise<string> {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: this.vars,
      cwd: REPO_ROOT,
      timeout: 60_000,
    });
    return stdout;
  }

  /** A client with a User token and `recipeSets` recipe sets (readable ids). */
  async provisionClient(
    handle: string,
    recipeSets: number,
  ): Promise<{ token: string; recipeSets: string[] }> {
    await this.cli('client', 'create', handle, '--name', handle);
    const token = (await this.cli('token', 'create', handle, '--role', 'User', '--label', 'faults'))
      .trimEnd()
      .split('\n')
      .pop()!
      .trim();
    const created = JSON.parse(
      await this.cli('recipe-set', 'create', handle, '--count', String(recipeSets)),
    ) as { readableId: string }[];
    return { token, recipeSets: created.map((r) => r.readableId) };
  }

  dispose(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** `node dist/src/main.js` as a child process on a spare port: started, killed, restarted. */
export class ApiProcess {
  private readonly output: string[] = [];
  /** How the process ended: its exit code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    // FAULT_API_LOG: a file every API process of the run appends its whole output to (for
    // diagnosing a failure whose details are past the tail that `log()` keeps).
    const logFile = process.env.FAULT_API_LOG;
    const keep = (chunk: Buffer) => {
      if (logFile) appendFileSync(logFile, chunk);
      this.output.push(chunk.toString('utf8'));
      if (this.output.length > 200) this.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((done) =>
      child.once('exit', (code, signal) => done({ code, signal })),
    );
  }

  /** Starts the API and waits until GET /health/ready answers 200. */
  static async start(env: ApiEnvironment): Promise<ApiProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: { ...env.vars, PORT: String(port) },
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = new ApiProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (!api.running) throw new Error(`the API exited during start-up:\n${api.log()}`);
      const ready = await call(api.baseUrl, 'GET', '/health/ready', { timeoutMs: 5000 });
      if (ready.status === 200) return api;
      if (Date.now() > deadline) throw new Error(`the API was not ready in 60 s:\n${api.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  log(): string {
    return this.output.join('').slice(-4000);
  }

  /** Sends `signal` without waiting for the process to end. */
  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** SIGKILL by default: no shutdown hooks, open transactions die with their connections. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.running) this.child.kill(signal);
    await this.exited;
  }
}
