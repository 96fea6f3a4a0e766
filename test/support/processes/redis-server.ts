import { ChildProcess, spawn } from 'node:child_process';
import { freePort, waitForPort } from '../../../scripts/lib/ports';

/** A private, memory-only redis-server on a spare loopback port that a fault test may stop and start. */
export class RedisServer {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  static async create(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      process.env.REDIS_SERVER ?? 'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child.once('error', () => undefined);
    this.child = child;
    await waitForPort(this.port, 10_000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
