import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { EventPageDto, EventsQueryDto } from './dto/events.dto';
import { EventLogRepository } from './event-log.repository';
import { envelopeOf } from './stored-event-recorder';
import { WebhookEndpointsService } from './webhook-endpoints.service';

/** `<txid>-<position>` of an event: where the next page starts. */
export function cursorOf(e: { txid: string; position: string }): string {
  return `${e.txid}-${e.position}`;
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
  ) {}

  async page(actor: Actor, q: EventsQueryDto): Promise<EventPageDto> {
    const clientId = await this.endpoints.clientIdFor(actor, q.clientHandle);
    const [txid, position] = (q.after ?? '0-0').split('-');
    const rows = await this.log.page(clientId, {
      after: { txid, position },
      limit: q.limit ?? 100,
      type: q.type,
      purchaseOrderNumber: q.purchaseOrderNumber,
    });
    return {
      data: rows.map((r) => envelopeOf(r) as EventPageDto['data'][number]),
      next:
        rows.length > 0 ? cursorOf(rows[rows.length - 1]) : `${BigInt(txid)}-${BigInt(position)}`,
    };
  }
}
