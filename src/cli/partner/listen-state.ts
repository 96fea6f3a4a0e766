import { createHash } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { newWebhookSecret } from '../../common/crypto/standard-webhooks';

/**
 * What `pci listen` keeps between runs, per API and client: the signing secret (so that a receiver
 * configured once keeps verifying) and where it is in the event log. The place is the cursor a
 * page was asked from and the ids of that page's events already handled, so that a restart in the
 * middle of a page forwards neither an event twice nor skips one (the log gives a cursor per page,
 * not per event).
 */
export interface ListenState {
  apiUrl: string;
  client: string;
  secret: string;
  /** Null until the first run has chosen where to start. */
  position: Position | null;
}

export interface Position {
  /** The cursor the current page is read from; null: the oldest kept event. */
  after: string | null;
  /** Ids of the current page's events already handled (forwarded or filtered out). */
  handled: string[];
}

/** $XDG_CONFIG_HOME/pci, else ~/.config/pci. */
export function configDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg && xdg.startsWith('/') ? xdg : join(env.HOME || homedir(), '.config'), 'pci');
}

/** The file of one API and client: `listen-<client>-<hash of both>.json`. */
export function stateFile(dir: string, apiUrl: string, client: string): string {
  const key = createHash('sha256').update(`${apiUrl}\n${client}`).digest('hex').slice(0, 16);
  const safe = client.replace(/[^a-z0-9_-]/gi, '_').slice(0, 64);
  return join(dir, `listen-${safe}-${key}.json`);
}

function isState(value: unknown, apiUrl: string, client: string): value is ListenState {
  const s = value as Partial<ListenState> | null;
  const p = s?.position;
  return (
    typeof s === 'object' &&
    s !== null &&
    s.apiUrl === apiUrl &&
    s.client === client &&
    typeof s.secret === 'string' &&
    s.secret.startsWith('whsec_') &&
    (p === null ||
      (typeof p === 'object' &&
        p !== undefined &&
        (p.after === null || typeof p.after === 'string') &&
        Array.isArray(p.handled) &&
        p.handled.every((id) => typeof id === 'string')))
  );
}

/** One API and client's state on disk (a file only its owner reads: mode 0600, folder 0700). */
export class ListenStateFile {
  readonly path: string;

  constructor(
    readonly dir: string,
    private readonly apiUrl: string,
    private readonly client: string,
  ) {
    this.path = stateFile(dir, apiUrl, client);
  }

  /**
   * The saved state, or a new one with a new secret, saved at once unless another run saved its
   * own first (then that one: two first runs at once, `--print-secret` and `listen`, agree on one
   * secret). A file that is not a state of this API and client is an error naming it: it is not
   * overwritten, so a secret is never lost.
   */
  load(): ListenState {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      const fresh: ListenState = {
        apiUrl: this.apiUrl,
        client: this.client,
        secret: newWebhookSecret(),
        position: null,
      };
      return this.create(fresh) ? fresh : this.load();
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (!isState(value, this.apiUrl, this.client))
      throw new Error(
        `${this.path} is not a saved state of pci listen for ${this.client} at ${this.apiUrl}: move it away to start afresh (with a new secret).`,
      );
    return value;
  }

  /** Writes `state` whole: to a temporary file first, then renamed over the old one. */
  save(state: ListenState): void {
    renameSync(this.written(state), this.path);
  }

  /** Saves `state` unless a state is saved already (answering false then), atomically. */
  private create(state: ListenState): boolean {
    const temporary = this.written(state);
    try {
      linkSync(temporary, this.path);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      return false;
    } finally {
      unlinkSync(temporary);
    }
  }

  /** `state` in a new temporary file beside the state's, readable by its owner only. */
  private written(state: ListenState): string {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    // The mode given at creation is reduced by the umask; the state holds a secret.
    chmodSync(temporary, 0o600);
    return temporary;
  }
}

/** The events of a page not handled yet, in order. */
export function unhandled<T extends { id: string }>(events: readonly T[], position: Position): T[] {
  const handled = new Set(position.handled);
  return events.filter((e) => !handled.has(e.id));
}

/** The position once `id` of the current page is handled. */
export function handledOne(position: Position, id: string): Position {
  return { after: position.after, handled: [...position.handled, id] };
}

/** The position once the whole page is handled: the page's `next`, nothing handled after it. */
export function pageDone(next: string): Position {
  return { after: next, handled: [] };
}
