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
import { ArtworkModerationDto } from './dto/moderation-result.dto';
import {
  ARTWORK_REJECTED_EXAMPLE,
  MODERATION_400,
  MODERATION_404,
  MODERATION_BODY_EXAMPLES,
} from './moderation.examples';
import { ModerationService } from './moderation.service';

const DESCRIPTION = [
  "Checks artwork before it is printed: its format (PNG, JPEG, WebP, TIFF, SVG; GIF with a warning; others are an error), its size in pixels, its effective DPI at the placement size (pixels ÷ (mm ÷ 25.4), the lower of width and height) against the location's print DPI (300 without a product: below half of it an error, below it a warning), its transparency (an opaque image on a print location: a solid background is a warning, otherwise info; partial transparency on embroidery or laser: a warning), its colours on embroidery locations (more than 12: a warning) and `text` against the word lists of its language (every language without `locale`).",
  'The image is an upload of the client (`uploadedAssetId`, JSON) or the `file` of a multipart body (checked, not stored). `approved` is true when no issue is an error. Acts for the client of the token.',
].join(' ');

/** Artwork moderation: is this image fit to print there? */
@ApiTags('Moderation')
@Authenticated()
@PlanLimited()
@Controller('api/artwork/moderation')
export class ArtworkModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Post()
  @HttpCode(200)
  @SingleFileUpload({ orJson: true })
  @ApiOperation({
    operationId: 'moderateArtwork',
    summary: 'Check artwork for print: format, resolution, transparency, colours, text',
    description: DESCRIPTION,
  })
  @ApiBody({ type: ModerationRequestDto, examples: MODERATION_BODY_EXAMPLES })
  @ApiBodyContent('multipart/form-data', MODERATION_MULTIPART_SCHEMA)
  @ApiOkResponse({
    type: ArtworkModerationDto,
    description: 'The issues found, errors first.',
    example: ARTWORK_REJECTED_EXAMPLE,
  })
  @ApiTextError(
    400,
    MODERATION_400,
    'Invalid request: uploadedAssetId is required (or send the image in multipart field file).',
  )
  @ApiTextError(
    404,
    MODERATION_404,
    'Product demo-tee has no location sleeve (its locations: front, back).',
  )
  moderateArtwork(
    @PlanActor() actor: Actor,
    @UploadedFileIfAny() file: UploadedFile | undefined,
    @Body() body: ModerationRequestDto,
  ): Promise<ArtworkModerationDto> {
    return this.moderation.artwork(actor, body, file);
  }
}
