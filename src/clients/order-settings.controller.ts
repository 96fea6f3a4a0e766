import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { BodyLimit } from '../common/http/body-limit';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiClientHandleParam as CLIENT } from '../common/openapi/client-handle-param';
import { ClientsService } from './clients.service';
import { OrderSettingsDto, UpdateOrderSettingsDto } from './order-settings.dto';

/** How the client's orders are checked. Admin (a ServiceAdmin for any client). */
@ApiTags('Clients')
@Authenticated({ role: Role.Admin })
@Controller('api/clients/:clientHandle/order-settings')
export class OrderSettingsController {
  constructor(private readonly clients: ClientsService) {}

  @Get()
  @CLIENT
  @ApiOperation({
    operationId: 'getOrderSettings',
    summary: "Read the client's order settings (the SKU policy)",
    description:
      "How acknowledgements check each line item's SKU against its recipe set's product (docs/design.md §6).",
  })
  @ApiOkResponse({ type: OrderSettingsDto })
  @ApiTextError(403, 'Not an Admin token, or the path names another client.')
  @ApiTextError(404, 'No such client (ServiceAdmin).')
  getOrderSettings(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
  ): Promise<OrderSettingsDto> {
    return this.clients.orderSettings(actor, clientHandle);
  }

  @Patch()
  @CLIENT
  @BodyLimit('16kb')
  @ApiOperation({
    operationId: 'updateOrderSettings',
    summary: "Change the client's order settings (the SKU policy)",
    description:
      'Changes the settings the body names and answers them all as they are now (`{}` changes nothing). Orders acknowledged afterwards are checked by the new policy; orders stored before are not changed.',
  })
  @ApiBody({
    type: UpdateOrderSettingsDto,
    required: false,
    examples: {
      warn: {
        summary: 'Accept SKUs that do not match, with a warning',
        value: { skuPolicy: 'warn' },
      },
      strict: { summary: 'Refuse them (the default)', value: { skuPolicy: 'strict' } },
      off: { summary: 'SKUs live in our own ERP: do not check', value: { skuPolicy: 'off' } },
    },
  })
  @ApiOkResponse({ type: OrderSettingsDto })
  @ApiTextError(400, 'skuPolicy is not strict, warn or off: the message names the value.')
  @ApiTextError(403, 'Not an Admin token, or the path names another client.')
  @ApiTextError(404, 'No such client (ServiceAdmin).')
  updateOrderSettings(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Body() body?: UpdateOrderSettingsDto,
  ): Promise<OrderSettingsDto> {
    return this.clients.orderSettings(actor, clientHandle, body ?? {});
  }
}
