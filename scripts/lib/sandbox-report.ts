/**
 * What became of the sandbox check's events: the event log read from where the check started,
 * the events the walk caused (told from the client's others by the walk's trace), and each one's
 * outcome at each endpoint that takes it, from the endpoints' delivery logs; then the table and
 * the verdict.
 */
import { EVENT_TYPES } from '../../src/common/events/event-recorder';
import { Delivery, Endpoint, LoggedEvent, SandboxApi } from './sandbox-api';

/** What the walk made, to tell its events from the client's others. */
export interface WalkTrace {
  pingEventIds: Set<string>;
  purchaseOrders: Set<string>;
  recipeSets: Set<string>;
  invitedEmail?: string;
}

export const newTrace = (): WalkTrace => ({
  pingEventIds: new Set(),
  purchaseOrders: new Set(),
  recipeSets: new Set(),
});

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Whether the walk caused `event`. */
export function isOurs(event: LoggedEvent, trace: WalkTrace): boolean {
  if (event.type === 'webhook.ping') return trace.pingEventIds.has(event.id);
  const po = text(event.data.purchaseOrderNumber);
  const recipeSet = text(event.data.recipeSetReadableId);
  const email = text(event.data.email);
  return (
    (po !== undefined && trace.purchaseOrders.has(po)) ||
    (recipeSet !== undefined && trace.recipeSets.has(recipeSet)) ||
    (event.type === 'user.invitation.accepted' &&
      email !== undefined &&
      email.toLowerCase() === trace.invitedEmail?.toLowerCase())
  );
}

/** The event log from a point on: `start` skips what it holds, `poll` reads what follows. */
export class EventTrail {
  private after: string | undefined;
  private readonly seen: LoggedEvent[] = [];

  constructor(private readonly api: SandboxApi) {}

  /** Starts after the newest event the log holds now. */
  async start(): Promise<void> {
    await this.read(() => undefined);
  }

  /** Every event since `start`, oldest first. */
  async poll(): Promise<LoggedEvent[]> {
    await this.read((events) => this.seen.push(...events));
    return this.seen;
  }

  private async read(keep: (events: LoggedEvent[]) => void): Promise<void> {
    for (;;) {
      const page = await this.api.events(this.after);
      keep(page.data);
      this.after = page.next || this.after;
      if (page.data.length < 500) return;
    }
  }
}

/** Whether `endpoint` is sent `event`: a ping goes to its endpoint only, others by eventTypes. */
export function takes(endpoint: Endpoint, event: LoggedEvent): boolean {
  if (event.type === 'webhook.ping') return event.data.endpointId === endpoint.id;
  return endpoint.eventTypes === null || endpoint.eventTypes.includes(event.type);
}

/** The attempts at `eventIds` in an endpoint's log (newest first), read back to `since`. */
async function attemptsAt(
  api: SandboxApi,
  endpointId: string,
  eventIds: Set<string>,
  since: number,
): Promise<Delivery[]> {
  const found: Delivery[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = await api.deliveries(endpointId, cursor);
    found.push(...res.data.filter((d) => eventIds.has(d.eventId)));
    const oldest = res.data[res.data.length - 1];
    if (!res.next || !oldest || Date.parse(oldest.createdAt) < since) break;
    cursor = res.next;
  }
  return found;
}

export type Result = 'OK' | 'FAILED' | 'NOT DELIVERED';

/** One line of the table: an event at one endpoint (`endpoint` is its number, from 1). */
export interface ReportRow {
  type: string;
  eventId: string | null;
  sequence: number | null;
  endpoint: number | null;
  httpStatus: number | null;
  result: Result;
  note: string;
}

const short = (s: string, max = 70) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** An event's outcome at one endpoint from its attempts there. */
function outcome(attempts: Delivery[]): Pick<ReportRow, 'httpStatus' | 'result' | 'note'> {
  const ok = attempts.find((d) => d.status === 'succeeded');
  if (ok)
    return {
      httpStatus: ok.responseStatus,
      result: 'OK',
      note: ok.attempt > 1 ? `on attempt ${ok.attempt}` : '',
    };
  const failed = attempts
    .filter((d) => d.status === 'failed')
    .sort((a, b) => b.attempt - a.attempt)[0];
  if (failed) {
    const retry = attempts.some((d) => d.status === 'pending') ? ' (a retry is due)' : '';
    return {
      httpStatus: failed.responseStatus,
      result: 'FAILED',
      note: short(`${failed.error ?? 'not 2xx'}${retry}`),
    };
  }
  return {
    httpStatus: null,
    result: 'NOT DELIVERED',
    note: attempts.length > 0 ? 'still pending' : 'no attempt yet',
  };
}

/** The table's rows: each event at each endpoint taking it, then each type never recorded. */
export function buildRows(
  events: LoggedEvent[],
  endpoints: Endpoint[],
  attempts: Map<string, Delivery[]>,
): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const event of events) {
    const base = {
      type: event.type,
      eventId: event.id,
      sequence: typeof event.data.sequence === 'number' ? event.data.sequence : null,
    };
    const targets = endpoints.flatMap((e, i) => (takes(e, event) ? [{ e, n: i + 1 }] : []));
    if (targets.length === 0)
      rows.push({
        ...base,
        endpoint: null,
        httpStatus: null,
        result: 'NOT DELIVERED',
        note: 'no enabled endpoint takes this event type',
      });
    for (const { e, n } of targets) {
      const mine = (attempts.get(e.id) ?? []).filter((d) => d.eventId === event.id);
      rows.push({ ...base, endpoint: n, ...outcome(mine) });
    }
  }
  const recorded = new Set(events.map((e) => e.type));
  for (const type of EVENT_TYPES.filter((t) => !recorded.has(t)))
    rows.push({
      type,
      eventId: null,
      sequence: null,
      endpoint: null,
      httpStatus: null,
      result: 'NOT DELIVERED',
      note: 'no such event was recorded',
    });
  return rows;
}

/** Whether a row may still change: an event not recorded yet, or not delivered yet. */
const waiting = (r: ReportRow) =>
  r.result === 'NOT DELIVERED' && (r.eventId === null || r.endpoint !== null);

/**
 * Polls the event log and the endpoints' delivery logs until every event type is recorded and
 * every event has an outcome at every endpoint taking it, or `timeoutMs` has passed: the rows.
 */
export async function collectOutcomes(
  api: SandboxApi,
  trail: EventTrail,
  trace: WalkTrace,
  endpoints: Endpoint[],
  { timeoutMs, pollMs }: { timeoutMs: number; pollMs: number },
): Promise<{ rows: ReportRow[]; timedOut: boolean }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = (await trail.poll()).filter((e) => isOurs(e, trace));
    const ids = new Set(events.map((e) => e.id));
    const since = Math.min(...events.map((e) => Date.parse(e.timestamp))) - 60_000;
    const attempts = new Map<string, Delivery[]>();
    if (events.length > 0)
      for (const e of endpoints) attempts.set(e.id, await attemptsAt(api, e.id, ids, since));
    const rows = buildRows(events, endpoints, attempts);
    if (!rows.some(waiting)) return { rows, timedOut: false };
    if (Date.now() >= deadline) return { rows, timedOut: true };
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** The event types some row of which is not OK, in the catalog's order. */
export function notAnswered(rows: ReportRow[]): string[] {
  const bad = new Set(rows.filter((r) => r.result !== 'OK').map((r) => r.type));
  return EVENT_TYPES.filter((t) => bad.has(t));
}

/** The table as lines (the endpoint column only when there are several). */
export function formatTable(rows: ReportRow[], withEndpoint: boolean): string[] {
  const header = ['EVENT TYPE', 'EVENT ID', 'SEQ', ...(withEndpoint ? ['ENDPOINT'] : [])];
  const cells = [
    [...header, 'HTTP', 'RESULT', 'NOTE'],
    ...rows.map((r) => [
      r.type,
      r.eventId ?? '-',
      r.sequence === null ? '' : String(r.sequence),
      ...(withEndpoint ? [r.endpoint === null ? '-' : `#${r.endpoint}`] : []),
      r.httpStatus === null ? '-' : String(r.httpStatus),
      r.result,
      r.note,
    ]),
  ];
  const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  return cells.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
}

/** The one-line verdict. */
export function verdict(rows: ReportRow[]): string {
  const bad = notAnswered(rows);
  if (bad.length === 0)
    return `PASSED: every event type (${EVENT_TYPES.length}) was answered 2xx by every endpoint taking it.`;
  return `FAILED: ${bad.length} of ${EVENT_TYPES.length} event types not answered 2xx: ${bad.join(', ')}.`;
}
