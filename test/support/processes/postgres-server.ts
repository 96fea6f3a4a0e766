import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../scripts/lib/ports';

const run = promisify(execFile);

/** PostgreSQL's server programs: PG_BINDIR, else Debian's newest /usr/lib/postgresql/<n>/bin. */
function binDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      'No PostgreSQL server programs (initdb, pg_ctl): install postgresql or set PG_BINDIR',
    );
  return join(root, versions[0], 'bin');
}

/**
 * A private PostgreSQL cluster (initdb in a temporary directory, a spare loopback port) that a
 * fault test may stop, crash, freeze and start again without touching any other server.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export class PostgresServer {
  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  static async create(): Promise<PostgresServer> {
    const bin = binDir();
    const dir = mkdtempSync(join(tmpdir(), 'pci-faults-pg-'));
    if (userInfo().uid === 0) chownSync(dir, ...postgresIds());
    const server = new PostgresServer(dir, await freePort(), bin);
    await server.exec('initdb', [
      '-D',
      server.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await server.start();
    return server;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off -c shared_buffers=32MB`;
    await this.exec('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      options,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** `fast` lets sessions end cleanly; `immediate` is a crash (recovery on the next start). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.exec('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  /**
   * Freezes (SIGSTOP) or thaws (SIGCONT) every process of the cluster: a hung, not a refusing,
   * server. The postmaster is stopped before its children are listed, so that no backend it forks
   * meanwhile escapes the freeze (one that did would go on answering and holding locks).
   */
  async freeze(frozen: boolean): Promise<void> {
    const postmaster = Number(
      readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const signal = frozen ? 'SIGSTOP' : 'SIGCONT';
    if (frozen) process.kill(postmaster, signal);
    const { stdout } = await run('pgrep', ['-P', String(postmaster)]).catch(() => ({ stdout: '' }));
    for (const pid of stdout.split('\n').filter(Boolean).map(Number)) {
      try {
        process.kill(pid, signal);
      } catch (err) {
        // A backend whose session ended since pgrep listed it has nothing left to freeze or thaw.
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
      }
    }
    if (!frozen) process.kill(postmaster, signal);
  }

  /** The server's log, for a failing test's message. */
  log(): string {
    try {
      return readFileSync(join(this.dir, 'server.log'), 'utf8').slice(-4000);
    } catch {
      return '';
    }
  }

  async destroy(): Promise<void> {
    await this.freeze(false).catch(() => undefined);
    await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async exec(program: string, args: string[]): Promise<void> {
    const path = join(this.bin, program);
    const [file, argv] =
      userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
    try {
      await run(file, argv, { timeout: 90_000 });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(
        `${program} ${args.join(' ')} failed: ${e.stderr || e.message}\n${this.log()}`,
      );
    }
  }
}

function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root needs a "postgres" user for PostgreSQL to run as');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}
