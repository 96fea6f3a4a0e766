import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import {
  MULTIPART_400,
  SingleFileUpload,
  UploadedFile,
  UploadedFileBytes,
} from '../common/http/single-file-upload';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiInt32IdParam } from '../common/openapi/int32-id-param';
import { int32IdMessage } from '../common/validation/int32';
import { AssetsService } from './assets.service';
import { UploadAssetFieldsDto, UploadedAssetResponseDto } from './dto/uploaded-asset.dto';
import { ASSET_EXAMPLE, UPLOAD_BODY_SCHEMA } from './assets.examples';
import { WorkLimited, WorkPolicy } from '../plans';

/** Uploaded artwork (the Assets area of the spec). */
@ApiTags('Assets')
@Authenticated()
@Controller('api/assets/uploaded')
export class UploadedAssetsController {
  constructor(private readonly assets: AssetsService) {}

  @Post()
  @WorkLimited(WorkPolicy.Upload)
  @Idempotent()
  @SingleFileUpload()
  @ApiOperation({
    operationId: 'uploadAsset',
    summary: 'Upload an image (artwork) as multipart/form-data',
    description:
      'Stores an image for the calling client: one file in the multipart field `file` (PNG, JPEG, WebP, GIF or TIFF, told by its content, never by its name or part Content-Type; SVG is refused), at most MAX_UPLOAD_BYTES (default 25 MB, 413 beyond), MAX_UPLOAD_PIXELS pixels over MAX_UPLOAD_FRAMES frames at most, and a normalisation costing at most MAX_UPLOAD_COST megapixels of JPEG (pixels weighted by format: WebP 4, lossless WebP 5) (400 beyond, checked from the header before decoding). Uploads are counted against the plan of the client, in number (PLAN_UPLOADS_PER_MINUTE) and in what they cost to normalise (PLAN_UPLOAD_COST_PER_MINUTE, megapixels of JPEG as for MAX_UPLOAD_COST): 429 beyond either and admitted fairly between clients (UPLOAD_BODIES bodies in memory and UPLOAD_CONCURRENCY decoding at once, each client its share: 503 with Retry-After past the queue). The EXIF orientation is applied and all metadata (EXIF, GPS, XMP) removed; the image keeps its format. The same image uploaded twice by one client is stored once (same `uri` and `sha256`) but each upload gets its own id, so different organizations may upload the same file. Accepts an optional Idempotency-Key (the file and the text fields make the request).',
  })
  @ApiBody({ schema: UPLOAD_BODY_SCHEMA })
  @ApiCreatedResponse({
    type: UploadedAssetResponseDto,
    description: 'The stored image.',
    example: { data: ASSET_EXAMPLE },
  })
  @ApiTextError(
    400,
    `Not an image of an accepted type (a renamed file, SVG), truncated or corrupt, more pixels than MAX_UPLOAD_PIXELS or frames than MAX_UPLOAD_FRAMES, dearer to normalise than MAX_UPLOAD_COST, a text field too long, or ${MULTIPART_400}.`,
    'The file "logo.png" is not an image of an accepted type (PNG, JPEG, WebP, GIF or TIFF).',
  )
  uploadAsset(
    @CurrentActor() actor: Actor,
    @UploadedFileBytes() file: UploadedFile,
    @Body() fields: UploadAssetFieldsDto,
  ): Promise<UploadedAssetResponseDto> {
    return this.assets.upload(actor.clientId, file, fields).then((data) => ({ data }));
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getUploadedAsset',
    summary: 'Read an uploaded image by id',
    description:
      "An upload of the calling client (a ServiceAdmin token may read any client's). Another client's upload answers 404, as if absent.",
  })
  @ApiInt32IdParam(1042)
  @ApiOkResponse({ type: UploadedAssetResponseDto, example: { data: ASSET_EXAMPLE } })
  @ApiTextError(400, 'The id is not a 32-bit integer.', int32IdMessage('Uploaded asset', 'abc'))
  @ApiTextError(
    404,
    'No upload of the calling client has this id.',
    'Uploaded asset 1042 was not found.',
  )
  getUploadedAsset(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
  ): Promise<UploadedAssetResponseDto> {
    return this.assets.get(actor, id).then((data) => ({ data }));
  }
}
