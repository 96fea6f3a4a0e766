import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Request } from 'express';
import { Actor } from '../common/auth/actor';
import { ValidationFailed } from '../common/errors/domain-error';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiClientHandleParam as CLIENT } from '../common/openapi/client-handle-param';
import { PrintSettingsEnvelopeDto, PrintSettingsInputDto } from './dto/print-settings.dto';
import { PrintSettingsService } from './print-settings.service';

/** How the client's print files are made. Admin (a ServiceAdmin for any client). */
@ApiTags('Catalog')
@Authenticated({ role: Role.Admin })
@Controller('api/catalog/:clientHandle/print-settings')
export class PrintSettingsController {
  constructor(private readonly settings: PrintSettingsService) {}

  @Get()
  @CLIENT
  @ApiOperation({
    operationId: 'getPrintSettings',
    summary: "Read the client's print settings",
    description:
      "How the client's print files are made: PDF standard, colour space and ICC profile, bleed, the resolution below which images are flagged, and the files' names (the defaults until the client writes its own). A product's locations may override any of them (`print` in the product definition).",
  })
  @ApiOkResponse({ type: PrintSettingsEnvelopeDto })
  @ApiTextError(403, 'Not an Admin token, or the path names another client.')
  @ApiTextError(404, 'No such client (ServiceAdmin).')
  async getPrintSettings(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
  ): Promise<PrintSettingsEnvelopeDto> {
    return { data: await this.settings.get(actor, clientHandle) };
  }

  @Put()
  @CLIENT
  @ApiOperation({
    operationId: 'replacePrintSettings',
    summary: "Replace the client's print settings",
    description:
      'Replaces the settings whole: a field left out takes its default. Print files made afterwards use them (a request for the files of a design made with other settings makes them again); files already made are not changed.',
  })
  @ApiBody({
    type: PrintSettingsInputDto,
    examples: {
      cmyk: {
        summary: 'CMYK for coated offset paper, 3 mm bleed',
        value: {
          pdfStandard: 'PDF/X-4',
          colorSpace: 'cmyk',
          iccProfile: 'FOGRA39',
          bleedMm: 3,
          minimumDpi: 150,
          fileNameTemplate: '{purchaseOrderNumber}-{readableId}-{location}',
        },
      },
    },
  })
  @ApiOkResponse({ type: PrintSettingsEnvelopeDto })
  @ApiTextError(
    400,
    'No JSON object as the body, a value out of range or not one of the allowed ones, a profile of the other colour space, or a file name template with unknown placeholders, unsafe characters or no {location}: each named.',
  )
  @ApiTextError(403, 'Not an Admin token, or the path names another client.')
  @ApiTextError(404, 'No such client (ServiceAdmin).')
  async replacePrintSettings(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Body() body: PrintSettingsInputDto,
    @Req() req: Request,
  ): Promise<PrintSettingsEnvelopeDto> {
    // A replacement needs its body: none (or one that is not JSON) resets nothing.
    const raw: unknown = req.body;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new ValidationFailed(
        'A body is required: the print settings as a JSON object (Content-Type: application/json; {} for the defaults).',
      );
    return { data: await this.settings.put(actor, clientHandle, body) };
  }
}
