import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ProductionJobInputDto, ProductionJobUpdateDto } from './dto/job-input.dto';
import { ProductionJobEnvelopeDto } from './dto/production-job.dto';
import { SaveAssetDto, SavedAssetEnvelopeDto } from './dto/saved-asset.dto';
import { IdParam } from './saved-asset-docs';
import { SavedAssetsService } from './saved-assets.service';
import {
  JOB_EXAMPLE,
  JOB_INPUT_EXAMPLE,
  JOB_REPORT_EXAMPLE,
  SAVED_ASSET_EXAMPLE,
} from './saved-assets.examples';

const ID_400 = 'The id is not a 32-bit integer, or the body is invalid';
const RESULT_400 =
  "or an output's format is unknown (the 400 lists the known extensions): the field and the rule.";

/** A job write past the asset's size, or a body past the body limits. */
const ASSET_413 =
  'The body is larger than JSON_BODY_LIMIT, or holds more than JSON_MAX_VALUES values or an object of more than JSON_MAX_OBJECT_KEYS keys; or the write would make the saved asset, as the list writes it (its jobs, results, outputs and upload), larger than SAVED_ASSET_MAX_BYTES (default 64kb): nothing is stored.';
const ASSET_413_EXAMPLE =
  'Saved asset 311 would be 70211 bytes as listed (with its production jobs, results, outputs and upload), more than the 65536 an asset may be (SAVED_ASSET_MAX_BYTES).';

/** The write side of the library: Admin tokens of the client (a ServiceAdmin token: any). */
@ApiTags('Assets')
@Authenticated({ role: Role.Admin })
@Controller('api/assets')
export class SavedAssetWritesController {
  constructor(private readonly saved: SavedAssetsService) {}

  @Post('saved')
  @Idempotent()
  @ApiOperation({
    operationId: 'saveAsset',
    summary: "Save an upload into an organization's library",
    description:
      "Saves one of the calling client's uploads (POST /api/assets/uploaded) as an asset of an organization; it is listed by GET /api/assets/saved/client/{clientHandle}/organization/{clientIdentifier}. userFacingFileName defaults to the upload's name. The same upload may be saved more than once (e.g. for several organizations). The client's plan bounds its active saved assets (libraryAssets; 409 beyond). Requires an Admin token. Accepts an optional Idempotency-Key.",
  })
  @ApiBody({
    type: SaveAssetDto,
    examples: {
      save: {
        value: {
          uploadedAssetId: 19,
          organizationIdentifier: 'ORG-1042',
          clientAccountReference: 'CUST-88731',
          userFacingFileName: 'team-logo.png',
        },
      },
    },
  })
  @ApiCreatedResponse({ type: SavedAssetEnvelopeDto, example: { data: SAVED_ASSET_EXAMPLE } })
  @ApiTextError(400, 'Invalid body: the field and the rule.')
  @ApiTextError(
    404,
    "The upload is absent or another client's.",
    'Uploaded asset 1042 was not found.',
  )
  @ApiTextError(
    409,
    "The client's library holds as many active saved assets as its plan allows (libraryAssets; deactivate some, or an operator raises it), or the Idempotency-Key is in use.",
    "The client's library holds 100000 active saved assets, the most its plan allows (libraryAssets 100000): deactivate saved assets, or an operator can raise the limit.",
  )
  saveAsset(
    @CurrentActor() actor: Actor,
    @Body() body: SaveAssetDto,
  ): Promise<SavedAssetEnvelopeDto> {
    return this.saved.save(actor, body).then((data) => ({ data }));
  }

  @Delete('saved/:id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deactivateSavedAsset',
    summary: 'Deactivate a saved asset',
    description:
      'Sets `active` false: the asset is no longer listed or read by id; its upload and jobs stay. Requires an Admin token.',
  })
  @IdParam('The id of the saved asset.')
  @ApiNoContentResponse({ description: 'Deactivated.' })
  @ApiTextError(400, 'The id is not a 32-bit integer.')
  @ApiTextError(
    404,
    'No active saved asset of the calling client has this id.',
    'Saved asset 311 was not found.',
  )
  deactivateSavedAsset(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    return this.saved.deactivate(actor, id);
  }

  @Post('saved/:id/production-jobs')
  @Idempotent()
  @ApiOperation({
    operationId: 'createProductionJob',
    summary: 'Add a production job to a saved asset',
    description:
      "A production job with the spec's ProductionJob field names (status defaults to Submitted), optionally with its result. At most 50 jobs per asset (409 beyond), 20 outputs per result, and the asset as listed (its jobs, results, outputs and upload) at most SAVED_ASSET_MAX_BYTES (default 64kb; 413 beyond, nothing stored). An output names its format by extension or MIME type (default: the extension of its uri); convertedAssetId must be an upload of the client. Moves the asset to the top of the RecentlyUsed order. Requires an Admin token. Accepts an optional Idempotency-Key.",
  })
  @IdParam('The id of the saved asset.')
  @ApiBody({ type: ProductionJobInputDto, examples: { embroidery: { value: JOB_INPUT_EXAMPLE } } })
  @ApiCreatedResponse({ type: ProductionJobEnvelopeDto, example: { data: JOB_EXAMPLE } })
  @ApiTextError(400, `${ID_400}, ${RESULT_400}`)
  @ApiTextError(
    404,
    'No active saved asset of the calling client has this id, or convertedAssetId names no upload of the client.',
    'Saved asset 311 was not found.',
  )
  @ApiTextError(409, 'The asset has 50 production jobs already (or the Idempotency-Key is in use).')
  @ApiTextError(413, ASSET_413, ASSET_413_EXAMPLE)
  createProductionJob(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ProductionJobInputDto,
  ): Promise<ProductionJobEnvelopeDto> {
    return this.saved.addJob(actor, id, body).then((data) => ({ data }));
  }

  @Patch('production-jobs/:id')
  @ApiOperation({
    operationId: 'updateProductionJob',
    summary: 'Report on a production job',
    description:
      "A provider reports back: status, providerReference, notes, specificationUri, dstUri (fields left out stay), and the result with its outputs, which replaces an earlier result whole. A report that would make the asset larger as listed than SAVED_ASSET_MAX_BYTES (default 64kb) answers 413 and changes nothing. Moves the asset to the top of the RecentlyUsed order. Another client's job answers 404. Requires an Admin token.",
  })
  @IdParam('The id of the production job.')
  @ApiBody({ type: ProductionJobUpdateDto, examples: { completed: { value: JOB_REPORT_EXAMPLE } } })
  @ApiOkResponse({ type: ProductionJobEnvelopeDto, example: { data: JOB_EXAMPLE } })
  @ApiTextError(400, `${ID_400}, ${RESULT_400}`)
  @ApiTextError(
    404,
    'No production job of the calling client has this id, or convertedAssetId names no upload of the client.',
    'Production job 2201 was not found.',
  )
  @ApiTextError(413, ASSET_413, ASSET_413_EXAMPLE)
  updateProductionJob(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ProductionJobUpdateDto,
  ): Promise<ProductionJobEnvelopeDto> {
    return this.saved.updateJob(actor, id, body).then((data) => ({ data }));
  }
}
