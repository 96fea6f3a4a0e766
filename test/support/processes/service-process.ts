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
const WORKER = join(REPO_ROOT, 'dist', 'src', 'worker.js');
const CLI = join(REPO_ROOT, 'dist', 'src', 'cli.js');
/** The built CLI's program (`main`), which `cli.js` runs once per process. */
const CLI_PROGRAM = join(REPO_ROOT, 'dist', 'src', 'cli', 'program.js');

/**
 * The program of {@link ServiceEnvironment.cliCommands}: `node -e RUN_COMMANDS <program.js> <json>`
 * runs each command through the built CLI's `main` with this process's environment, capturing its
 * stdout; prints the outputs as one JSON array, or the failing command's stderr and exit code.
 */
const RUN_COMMANDS = `
const { main } = require(process.argv[1]);
(async () => {
  const outputs = [];
  for (const argv of JSON.parse(process.argv[2])) {
    let out = '', err = '';
    const code = await main(argv, { env: process.env, out: (t) => (out += t), err: (t) => (err += t) });
    if (code !== 0) {
      process.stderr.write('pci ' + argv.join(' ') + ': exit code ' + code + '\\n' + err);
      process.exit(code);
    }
    outputs.push(out);
  }
  process.stdout.write(JSON.stringify(outputs));
  process.exit(0);
})();
`;

/** The built service's long-running roles: the API (`main.js`) and a workers-only process (`worker.js`). */
export type Role = 'api' | 'worker';

export interface StartOptions {
  /** `api` (default) listens on PORT; `worker` serves its probes and metrics on WORKER_PORT. */
  role?: Role;
  /** More environment for this process only. */
  env?: Record<string, string>;
  /** How long it may take to become ready (default 60 s). */
  readyWithinMs?: number;
}

/** Every child started here and not yet ended, so that none outlives the test run. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The environment of the built service as an operator runs it (production mode, PostgreSQL, an
 * encryption key, its own data directory) and the service's own database timeouts. A test that
 * bounds how long a request may take while the database is gone sets short ones itself: on a busy
 * machine, short timeouts turn slow statements (30 racing updates of one row) into 503s.
 */
export class ServiceEnvironment {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'pci-service-'));
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

  /**
   * Runs several CLI commands one after another in one built CLI process (the built program's
   * `main`, as `pci` runs each): the service is loaded once, not once per command. Resolves with
   * each command's stdout; rejects with the first failing command's stderr.
   */
  async cliCommands(...commands: string[][]): Promise<string[]> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-e', RUN_COMMANDS, CLI_PROGRAM, JSON.stringify(commands)],
      { env: this.vars, cwd: REPO_ROOT, timeout: 60_000 + commands.length * 30_000 },
    );
    return JSON.parse(stdout) as string[];
  }

  /** A client with a User token and `recipeSets` recipe sets (readable ids). */
  async provisionClient(
    handle: string,
    recipeSets: number,
  ): Promise<{ token: string; recipeSets: string[] }> {
    // The fault and topology tests order made-up SKUs on demo recipe sets: no SKU check here
    // (SKU rules have their own tests, test/e2e/orders-skus.e2e-spec.ts and orders-sku-policy.e2e-spec.ts).
    const [, , tokenOut, created] = await this.cliCommands(
      ['client', 'create', handle, '--name', handle],
      ['client', 'settings', handle, '--sku-policy', 'off'],
      ['token', 'create', handle, '--role', 'User', '--label', 'faults'],
      ['recipe-set', 'create', handle, '--count', String(recipeSets)],
    );
    const token = tokenOut.trimEnd().split('\n').pop()!.trim();
    const ids = (JSON.parse(created) as { readableId: string }[]).map((r) => r.readableId);
    return { token, recipeSets: ids };
  }

  dispose(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * `node dist/src/main.js` (the API) or `node dist/src/worker.js` (workers) as a child process on a
 * spare port: started, killed, restarted. `baseUrl` is the API, or the worker's probe port.
 */
export class ServiceProcess {
  private readonly output: string[] = [];
  /** How the process ended: its exit code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
    readonly role: Role = 'api',
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

  /** Starts the API (or a worker) and waits until GET /health/ready answers 200. */
  static async start(env: ServiceEnvironment, options: StartOptions = {}): Promise<ServiceProcess> {
    const { role = 'api', readyWithinMs = 60_000 } = options;
    const port = await freePort();
    const child = spawn(process.execPath, [role === 'api' ? MAIN : WORKER], {
      env: {
        ...env.vars,
        ...options.env,
        ...(role === 'api' ? { PORT: String(port) } : { WORKER_PORT: String(port) }),
      },
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    const service = new ServiceProcess(child, `http://127.0.0.1:${port}`, role);
    const deadline = Date.now() + readyWithinMs;
    for (;;) {
      if (!service.running)
        throw new Error(`the ${role} exited during start-up:\n${service.log()}`);
      const ready = await call(service.baseUrl, 'GET', '/health/ready', { timeoutMs: 5000 });
      if (ready.status === 200) return service;
      if (Date.now() > deadline) {
        await service.kill();
        throw new Error(`the ${role} was not ready in ${readyWithinMs} ms:\n${service.log()}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** SIGKILLs every process started here that is still running (a test file's last resort). */
  static async killAll(): Promise<void> {
    await Promise.all(
      [...running].map(
        (child) =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done(undefined);
            child.once('exit', done);
            child.kill('SIGKILL');
          }),
      ),
    );
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
