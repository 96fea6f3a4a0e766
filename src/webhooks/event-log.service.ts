import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { EventPageDto, EventsQueryDto } from './dto/events.dto';
import { EventLogRepository } from './event-log.repository';
import { envelopeOf } from './stored-event-recorder';
import { WebhookEndpointsService } from './webhook-endpoints.service';

/**
 * The event log a partner catches up from: its client's events oldest first, paged by position
 * (positions are handed out in commit order, so a page never skips an event committed late).
 */
@Injectable()
export class EventLogService {
  constructor(
    private readonly log: EventLogRepository,
    private readonly endpoints: WebhookEndpointsService,
  ) {}

  async page(actor: Actor, q: EventsQueryDto): Promise<EventPageDto> {
    const clientId = await this.endpoints.clientIdFor(actor, q.clientHandle);
    const after = q.after ?? '0';
    const rows = await this.log.page(clientId, {
      after,
      limit: q.limit ?? 100,
      type: q.type,
      purchaseOrderNumber: q.purchaseOrderNumber,
    });
    return {
      data: rows.map((r) => envelopeOf(r) as EventPageDto['data'][number]),
      next: rows.length > 0 ? rows[rows.length - 1].position : String(BigInt(after)),
    };
  }
}
