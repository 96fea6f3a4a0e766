import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { EventPageDto, EventsQueryDto } from './dto/events.dto';
import { EventLogService } from './event-log.service';

/** The event log: what webhooks deliver, to read (and catch up) at the partner's pace. */
@ApiTags('Webhooks')
@Controller('api/events')
export class EventsController {
  constructor(private readonly events: EventLogService) {}

  @Get()
  @Authenticated({ role: Role.Admin })
  @ApiOperation({
    operationId: 'listEvents',
    summary: "The client's events, oldest first",
    description:
      'Each event as webhooks deliver it (`{id, type, timestamp, data}`), after the cursor `after` (omitted: from the oldest kept; events are kept EVENT_RETENTION_DAYS, default 30), of one `type` or `purchaseOrderNumber` if given. Keep `next` and ask again from it: an event is never skipped, including one whose transaction commits after that of a later event (the log shows events once the transactions older than theirs have ended, normally within milliseconds). Requires an Admin token (a ServiceAdmin may name any client with clientHandle).',
  })
  @ApiOkResponse({ type: EventPageDto })
  @ApiTextError(400, 'An invalid cursor, limit, type or clientHandle.')
  @ApiTextError(404, 'No such client (ServiceAdmin naming clientHandle).')
  list(@CurrentActor() actor: Actor, @Query() q: EventsQueryDto): Promise<EventPageDto> {
    return this.events.page(actor, q);
  }
}
