import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiClientHandleParam as CLIENT } from '../common/openapi/client-handle-param';
import { AvailabilityService } from './availability.service';
import {
  AvailabilityHistoryEnvelopeDto,
  SkuChangeDto,
  SkuPriceEnvelopeDto,
  SkuPriceListEnvelopeDto,
} from './dto/availability.dto';

const SKU = ApiParam({
  name: 'sku',
  description: "A SKU of the client's catalog (exact, else any case).",
  example: 'TEE-WHT-S',
});
const FORBIDDEN = 'The path names another client.';
const NO_CLIENT = 'No such client (ServiceAdmin).';

/**
 * Pricing and availability of the SKUs of a client's catalog, for its Admins (or a ServiceAdmin):
 * read, change, and the history of changes. The HTML pages show the same data.
 */
@ApiTags('Availability')
@Authenticated({ role: Role.Admin })
@Controller('api/availability/:clientHandle')
export class AvailabilityController {
  constructor(private readonly availability: AvailabilityService) {}

  @Get('skus')
  @CLIENT
  @ApiOperation({
    operationId: 'listSkuPrices',
    summary: "The client's SKUs with prices and availability",
    description:
      'Every SKU of every product of the client, by product handle: base price, adjustment (and whether it applies now), effective price now, availability and the last change.',
  })
  @ApiOkResponse({ type: SkuPriceListEnvelopeDto })
  @ApiTextError(403, FORBIDDEN)
  @ApiTextError(404, NO_CLIENT)
  async listSkuPrices(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
  ): Promise<SkuPriceListEnvelopeDto> {
    return { data: await this.availability.list(actor, clientHandle) };
  }

  @Patch('skus/:sku')
  @CLIENT
  @SKU
  @ApiOperation({
    operationId: 'changeSkuAvailability',
    summary: "Change a SKU's price adjustment and/or availability",
    description:
      'Parts left out stay as they are; `adjustment: null` removes the adjustment. A percentage is between -100 and 1000; effectiveUntil must be after effectiveFrom; backorder needs expectedDate. Each change is recorded in the history with the token and role that made it.',
  })
  @ApiBody({
    type: SkuChangeDto,
    examples: {
      discount: {
        summary: '10 % off in December',
        value: {
          adjustment: {
            type: 'percentage',
            value: -10,
            effectiveFrom: '2026-12-01T00:00:00Z',
            effectiveUntil: '2027-01-01T00:00:00Z',
          },
        },
      },
      backorder: {
        summary: 'Back in February',
        value: { availability: { status: 'backorder', expectedDate: '2027-02-15' } },
      },
      available: {
        summary: 'Available again (send `adjustment: null` to drop an adjustment)',
        value: { availability: { status: 'available' } },
      },
    },
  })
  @ApiOkResponse({ type: SkuPriceEnvelopeDto, description: 'The SKU as it is now.' })
  @ApiTextError(
    400,
    'Invalid request: names the field and its rule.',
    'Invalid request: adjustment.value must be a percentage between -100 and 1000.',
  )
  @ApiTextError(403, FORBIDDEN)
  @ApiTextError(
    404,
    "No such client (ServiceAdmin), or the SKU is not in the client's catalog.",
    'SKU "TEE-XXL" is not in the catalog of client demo.',
  )
  async changeSkuAvailability(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Param('sku') sku: string,
    @Body() body: unknown,
  ): Promise<SkuPriceEnvelopeDto> {
    return { data: await this.availability.change(actor, clientHandle, sku, body) };
  }

  @Get('history')
  @CLIENT
  @ApiQuery({ name: 'sku', required: false, description: 'Only the changes of this SKU.' })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
    description: 'At most this many changes (newest first).',
  })
  @ApiOperation({
    operationId: 'listAvailabilityHistory',
    summary: 'The history of changes',
    description:
      "The client's changes of adjustments and availability, newest first: SKU, time, the token and role that made it, and the settings before and after.",
  })
  @ApiOkResponse({ type: AvailabilityHistoryEnvelopeDto })
  @ApiTextError(400, 'limit is not an integer between 1 and 500.')
  @ApiTextError(403, FORBIDDEN)
  @ApiTextError(404, NO_CLIENT)
  async listAvailabilityHistory(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Query('sku') sku?: string,
    @Query('limit') limit?: string,
  ): Promise<AvailabilityHistoryEnvelopeDto> {
    return { data: await this.availability.history(actor, clientHandle, sku, limit) };
  }
}
