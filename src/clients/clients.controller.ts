import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { CurrentClientDto } from './clients.dto';
import { ClientsService } from './clients.service';

@ApiTags('Clients')
@Controller('api/clients')
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Get('current')
  @Authenticated()
  @ApiOperation({
    operationId: 'getCurrentClient',
    summary: 'The client account and role of the calling token (to check an integration is set up)',
    description:
      "Who the calling token belongs to: the client account and the token's role. The cheapest authenticated call, useful to check that an integration is set up.",
  })
  @ApiOkResponse({ type: CurrentClientDto })
  getCurrentClient(@CurrentActor() actor: Actor): Promise<CurrentClientDto> {
    return this.clients.current(actor);
  }
}
