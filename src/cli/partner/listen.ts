import { CliIo } from '../io';
import { ApiFailure, LoggedEvent, PartnerApi } from './api';
import { Forwarded, forward, pause } from './forward';
import {
  handledOne,
  ListenState,
  ListenStateFile,
  pageDone,
  Position,
  unhandled,
} from './listen-state';

/** Events asked per page of the log. */
const PAGE = 100;
/** How long to wait before asking the log again when it had nothing more. */
export const POLL_MS = 1000;
/** The longest wait between attempts while the API is unreachable or failing. */
const MAX_BACKOFF_MS = 30_000;

export interface ListenOptions {
  api: PartnerApi;
  forwardTo: string;
  /** Only these types are forwarded (the others are passed over); all when undefined. */
  types?: ReadonlySet<string>;
  /** Where to start: `now`, `start`, a cursor, or the saved place (else `now`) when undefined. */
  from?: string;
  configDir: string;
  io: CliIo;
  /** Aborted by SIGINT / SIGTERM: the command saves its place and ends. */
  stop: AbortSignal;
}

/**
 * One line per forwarded event: time, type, id, sequence, the receiver's status, ms (and the
 * attempts, when the receiver was not there at first).
 */
export function eventLine(event: LoggedEvent, result: Forwarded, at: Date): string {
  const sequence = event.data.sequence;
  const seq = typeof sequence === 'number' ? `seq ${sequence}` : 'seq -';
  const outcome =
    result.status === null
      ? `no answer (${result.error}; ${result.attempts} attempts)`
      : String(result.status);
  return [
    at.toISOString().replace(/\.\d+Z$/, 'Z'),
    event.type.padEnd(30),
    event.id.padEnd(26),
    seq.padEnd(7),
    `-> ${outcome}`,
    `${result.ms} ms`,
    ...(result.status !== null && result.attempts > 1 ? [`(${result.attempts} attempts)`] : []),
  ].join('  ');
}

/** The client the token acts for and its state file, loaded (or new). */
export async function openState(
  api: PartnerApi,
  configDir: string,
): Promise<{ file: ListenStateFile; state: ListenState }> {
  const client = await api.currentClient();
  const file = new ListenStateFile(configDir, api.baseUrl, client.handle);
  return { file, state: file.load() };
}

/** The cursor after the newest event now: pages through the log without forwarding. */
async function endOfLog(api: PartnerApi, stop: AbortSignal): Promise<string | null> {
  let after: string | null = null;
  for (;;) {
    const page = await api.events(after, 500, stop);
    if (page.data.length === 0) return page.next;
    after = page.next;
  }
}

async function startingPosition(options: ListenOptions, saved: Position | null): Promise<Position> {
  const { from, api, stop } = options;
  if (from === 'start') return { after: null, handled: [] };
  if (from !== undefined && from !== 'now') return { after: from, handled: [] };
  if (from === undefined && saved) return saved;
  return { after: await endOfLog(api, stop), handled: [] };
}

/**
 * Follows the client's event log and POSTs each event, signed with the saved secret, to
 * `forwardTo`, saving its place after every event. Ends (answering 0) when `stop` aborts. A
 * refused token (401, 403) or a cursor the API refuses (400) ends it with ApiFailure; while the
 * API is unreachable or failing (5xx, 429) it says so and asks again, waiting longer each time.
 */
export async function listen(options: ListenOptions): Promise<number> {
  const { api, io, stop, forwardTo, types } = options;
  const { file, state } = await openState(api, options.configDir);
  let position = await startingPosition(options, state.position);
  const save = () => file.save({ ...state, position });
  // The new place is saved once the API has accepted it (a page answered).
  io.err(
    [
      `Ready: forwarding the events of ${state.client} at ${api.baseUrl} to ${forwardTo}` +
        (types ? ` (only ${[...types].join(', ')})` : ''),
      `Webhook signing secret: ${state.secret}`,
      `(Ctrl-C to stop; the place in the log is kept in ${file.path})`,
      '',
    ].join('\n'),
  );
  let backoff = 0;
  while (!stop.aborted) {
    let page;
    try {
      page = await api.events(position.after, PAGE, stop);
      backoff = 0;
      save();
    } catch (err) {
      if (stop.aborted) break;
      if (!(err instanceof ApiFailure) || !err.transient) throw err;
      backoff = Math.min(MAX_BACKOFF_MS, backoff === 0 ? 1000 : backoff * 2);
      const wait = Math.max(backoff, (err.retryAfterSeconds ?? 0) * 1000);
      io.err(`${err.message} Asking again in ${Math.round(wait / 1000)} s.\n`);
      await pause(wait, stop);
      continue;
    }
    for (const event of unhandled(page.data, position)) {
      if (stop.aborted) break;
      if (!types || types.has(event.type)) {
        const result = await forward(forwardTo, state.secret, event, stop);
        // Stopped while waiting to try an unanswered event again: it is forwarded after a restart.
        if (result.status === null && stop.aborted) break;
        io.out(`${eventLine(event, result, new Date())}\n`);
      }
      position = handledOne(position, event.id);
      save();
    }
    if (stop.aborted) break;
    if (unhandled(page.data, position).length === 0) {
      position = pageDone(page.next);
      save();
    }
    if (page.data.length < PAGE) await pause(POLL_MS, stop);
  }
  save();
  io.err(`Stopped; the place in the log is saved (${file.path}).\n`);
  return 0;
}
