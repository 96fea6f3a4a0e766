import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { SealedPairs } from '../common/crypto/sealed-pair';
import { EventPageDto, EventsQueryDto } from './dto/events.dto';
import { EventLogRepository } from './event-log.repository';
import { envelopeOf } from './stored-event-recorder';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { InvalidEventQuery } from './webhooks.errors';

/**
 * The event log's cursors: where a page ends, sealed for the client (SealedPairs), so that a
 * cursor says nothing of the transaction id and position inside it, which count every client's
 * writes. Provided by the module, keyed by the key ring.
 */
export class EventCursors extends SealedPairs {}

const CURSOR_PREFIX = 'ec_';
/** The form cursors had before they were sealed: `<txid>-<position>`. */
const OLD_CURSOR = /^\d{1,19}-\d{1,19}$/;

export function eventCursors(secrets: readonly { secret: Buffer }[]): EventCursors {
  return new EventCursors(secrets, CURSOR_PREFIX);
}

/**
 * The event log a partner catches up from: its client's events oldest first, paged by a cursor
 * that never passes over an event committed late (see EventLogRepository.page).
 */
@Injectable()
export class EventLogService {
  constructor(
    private readonly log: EventLogRepository,
    private readonly endpoints: WebhookEndpointsService,
    private readonly cursors: EventCursors,
  ) {}

  async page(actor: Actor, q: EventsQueryDto): Promise<EventPageDto> {
    const clientId = await this.endpoints.clientIdFor(actor, q.clientHandle);
    const [txid, position] = q.after === undefined ? [0n, 0n] : this.opened(clientId, q.after);
    const rows = await this.log.page(clientId, {
      after: { txid: String(txid), position: String(position) },
      limit: q.limit ?? 100,
      type: q.type,
      purchaseOrderNumber: q.purchaseOrderNumber,
    });
    const last = rows.at(-1);
    return {
      data: rows.map((r) => envelopeOf(r) as EventPageDto['data'][number]),
      next: last
        ? this.cursors.seal(clientId, [BigInt(last.txid), BigInt(last.position)])
        : this.cursors.seal(clientId, [txid, position]),
    };
  }

  /** The (txid, position) a cursor of this client's log stands for; else 400 saying why. */
  private opened(clientId: string, after: string): [bigint, bigint] {
    const pair = this.cursors.open(clientId, after);
    if (pair) return pair;
    throw new InvalidEventQuery(
      'after',
      OLD_CURSOR.test(after)
        ? 'is a cursor of the old form (<number>-<number>), no longer accepted: read from the oldest kept event again (without after) and skip the event ids already processed'
        : "must be the `next` of an earlier page of this client's event log",
    );
  }
}
