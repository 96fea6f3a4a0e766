import { createServer } from 'node:net';
import { RefusedAtStart } from './reach-at-start';

/** The variables that set the address, named in the messages (PORT/HOST, or a worker's). */
export interface AddressNames {
  port: string;
  host: string;
}

/**
 * Binds `host`:`port` once and lets it go, so that a port in use (or an address this machine does
 * not have) stops the start at once, before the database is opened and migrated, with a
 * RefusedAtStart naming the variables and their values. Port 0 (any free port) needs no check.
 */
export async function ensureAddressFree(
  host: string,
  port: number,
  names: AddressNames = { port: 'PORT', host: 'HOST' },
): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(new RefusedAtStart(bindProblem(err, host, port, names))),
    );
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}

function bindProblem(
  err: NodeJS.ErrnoException,
  host: string,
  port: number,
  names: AddressNames,
): string {
  const where = `${names.port}=${port} on ${names.host}=${host}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return `${where} is already in use (EADDRINUSE): stop the process listening there, or set ${names.port} to a free port`;
    case 'EACCES':
      return `${where} needs privileges this process does not have (EACCES): set ${names.port} to 1024 or above`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${names.host}=${host} is not an address of this machine (${err.code}): set ${names.host} to one of its addresses, 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)`;
    default:
      return `${where} cannot be bound (${err.code ?? 'error'}: ${err.message})`;
  }
}
