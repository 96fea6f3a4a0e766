/** Loopback ports for the processes the tests and the benchmark start. */
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Where free ports are drawn from: below the kernel's ephemeral range, above the usual services. */
const LOWEST = 20_000;
const ATTEMPTS = 50;

/**
 * The first port of the kernel's ephemeral range (`ip_local_port_range`; 32768 where it cannot be
 * read). Outgoing connections and `listen(0)` take their ports from that range.
 */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    const port = Number(low);
    return Number.isInteger(port) && port > LOWEST + 1000 ? port : 32_768;
  } catch {
    return 32_768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A loopback port nobody listens on right now, for a process to bind a moment later. It is drawn at
 * random from below the ephemeral range: a port the kernel handed out (`listen(0)`) would be free
 * again for its next outgoing connection, and on a busy machine one of those took such a port
 * between this check and the app's start (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const span = ephemeralStart() - LOWEST;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * span);
    if (await bindable(port)) return port;
  }
  throw new Error(
    `no free loopback port in ${LOWEST}–${LOWEST + span - 1} after ${ATTEMPTS} tries`,
  );
}

/** Resolves once `port` accepts connections, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline)
      throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
