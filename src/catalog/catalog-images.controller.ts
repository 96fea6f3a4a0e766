import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UploadAssetFieldsDto, UploadedAssetResponseDto } from '../assets';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import {
  MULTIPART_400,
  SingleFileUpload,
  UploadedFile,
  UploadedFileBytes,
} from '../common/http/single-file-upload';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiClientHandleParam as CLIENT } from '../common/openapi/client-handle-param';
import { CatalogService } from './catalog.service';
import { WorkLimited, WorkPolicy } from '../plans';

/** Layer images of a client's products: uploads filed as catalog images. */
@ApiTags('Catalog')
@Authenticated({ role: Role.Admin })
@Controller('api/catalog/:clientHandle/images')
export class CatalogImagesController {
  constructor(private readonly catalog: CatalogService) {}

  @Post()
  @WorkLimited(WorkPolicy.Upload)
  @Idempotent()
  @SingleFileUpload()
  @CLIENT
  @ApiOperation({
    operationId: 'uploadCatalogImage',
    summary: 'Upload a layer image for products (multipart/form-data)',
    description:
      'Stores an image (field `file`: PNG, JPEG, WebP, GIF or TIFF, told by its content) as a catalog image of the client, for product layers (`imageId`, `maskImageId`, `overlayImageId`). Same checks and answer as POST /api/assets/uploaded. Requires an Admin token of the client (or ServiceAdmin).',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        userFacingFileName: { type: 'string', maxLength: 255 },
      },
    },
  })
  @ApiCreatedResponse({ type: UploadedAssetResponseDto })
  @ApiTextError(
    400,
    `Not an image of an accepted type, truncated, too many pixels, or ${MULTIPART_400}.`,
  )
  @ApiTextError(403, 'The path names another client.')
  @ApiTextError(404, 'No such client (ServiceAdmin).')
  async uploadCatalogImage(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @UploadedFileBytes() file: UploadedFile,
    @Body() fields: UploadAssetFieldsDto,
  ): Promise<UploadedAssetResponseDto> {
    return { data: await this.catalog.uploadImage(actor, clientHandle, file, fields) };
  }
}
