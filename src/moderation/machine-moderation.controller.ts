import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated } from '../common/auth/access.decorators';
import { PlanActor, PlanLimited } from '../plans';
import {
  SingleFileUpload,
  UploadedFile,
  UploadedFileIfAny,
} from '../common/http/single-file-upload';
import { ApiBodyContent } from '../common/openapi/api-body-content';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { MODERATION_MULTIPART_SCHEMA, ModerationRequestDto } from './dto/moderation-request.dto';
import { MachineModerationDto } from './dto/moderation-result.dto';
import {
  MACHINE_BLOCKED_EXAMPLE,
  MODERATION_400,
  MODERATION_404,
  MODERATION_BODY_EXAMPLES,
} from './moderation.examples';
import { ModerationService } from './moderation.service';

const DESCRIPTION = [
  "A verdict without a person: `block` when the image's perceptual hash (dHash, 64 bits) is within 8 bits of a hash on the client's blocklist (POST /api/moderation/blocked-hashes), when it is blank (contrast below 2 of 255) or when `text` has a listed word; `review` when the hash is within 14 bits, the image is nearly blank (contrast below 6), its aspect ratio is beyond 8:1, or it is SVG (not rasterised here); else `pass`.",
  'Takes the same inputs as POST /api/artwork/moderation (JSON with uploadedAssetId, or a multipart body with `file`). `hash` is the dHash of the image, to block it. Acts for the client of the token.',
].join(' ');

/** Machine moderation: pass, review or block. */
@ApiTags('Moderation')
@Authenticated()
@PlanLimited()
@Controller('api/machine-moderation')
export class MachineModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Post()
  @HttpCode(200)
  @SingleFileUpload({ orJson: true })
  @ApiOperation({
    operationId: 'moderateMachine',
    summary: 'Machine verdict on an image: blocklist, blank, aspect ratio',
    description: DESCRIPTION,
  })
  @ApiBody({ type: ModerationRequestDto, examples: MODERATION_BODY_EXAMPLES })
  @ApiBodyContent('multipart/form-data', MODERATION_MULTIPART_SCHEMA)
  @ApiOkResponse({
    type: MachineModerationDto,
    description: 'The verdict, its reasons and the scores behind them.',
    example: MACHINE_BLOCKED_EXAMPLE,
  })
  @ApiTextError(
    400,
    MODERATION_400,
    'Invalid request: uploadedAssetId is required (or send the image in multipart field file).',
  )
  @ApiTextError(404, MODERATION_404, 'Uploaded asset 1042 was not found.')
  moderateMachine(
    @PlanActor() actor: Actor,
    @UploadedFileIfAny() file: UploadedFile | undefined,
    @Body() body: ModerationRequestDto,
  ): Promise<MachineModerationDto> {
    return this.moderation.machine(actor, body, file);
  }
}
