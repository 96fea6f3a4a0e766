import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { int32IdMessage } from '../common/validation/int32';
import { SavedAssetListQueryDto } from './dto/list.dto';
import { SavedAssetEnvelopeDto } from './dto/saved-asset.dto';
import { ListResponses, sendList } from './list-answer';
import { CLIENT_PATH, IdParam, ORGANIZATION_PATH } from './saved-asset-docs';
import { SavedAssetReadsService } from './saved-asset-reads.service';
import { SAVED_ASSET_EXAMPLE } from './saved-assets.examples';

const LIST = 'api/assets/saved/client/:clientHandle/organization/:clientIdentifier';
const LIST_DESCRIPTION =
  "The organization's active saved assets with their production jobs, results and outputs, in the envelope of the spec (`contents` and `data` carry the same array). `pageSize` turns paging on (at most 500; omitted: every item, `page` ignored, up to SAVED_ASSET_LIST_MAX items (default 10,000; a longer list answers 400 saying to page it); such a list over 500 items is streamed). An answer is at most LIST_MAX_RESPONSE_BYTES (default 64mb), its items counted twice (`contents` and `data`): a longer one answers 400 naming the limit and how many of its first items fit, before anything is sent (a page of 500 assets at SAVED_ASSET_MAX_BYTES fits the defaults). `hash` digests the answer; the ETag header carries it and If-None-Match answers 304 while nothing changed. Any token of the client named in the path (a ServiceAdmin token may read any client).";
const LIST_400 =
  'A parameter outside its rule: page or pageSize not an integer in range, sortOrder not one of RecentlyUsed, Newest, Oldest, Name, a text too long; or, without pageSize, more items than SAVED_ASSET_LIST_MAX (page the list); or the answer would be more than LIST_MAX_RESPONSE_BYTES (ask for a smaller pageSize: the message says which fits).';

/** The Assets routes of the spec that read an organization's artwork library. */
@ApiTags('Assets')
@Authenticated()
@Controller()
export class SavedAssetsController {
  constructor(private readonly reads: SavedAssetReadsService) {}

  @Get(LIST)
  @ApiOperation({
    operationId: 'listSavedAssets',
    summary: "List an organization's saved assets",
    description: LIST_DESCRIPTION,
  })
  @CLIENT_PATH
  @ORGANIZATION_PATH
  @ListResponses()
  @ApiTextError(
    400,
    LIST_400,
    'Invalid request: sortOrder must be one of: RecentlyUsed, Newest, Oldest, Name.',
  )
  @ApiTextError(403, 'The path names another client.')
  @ApiTextError(404, 'No such client (ServiceAdmin).')
  listSavedAssets(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Param('clientIdentifier') organization: string,
    @Query() query: SavedAssetListQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.reads
      .listOrganization(actor, clientHandle, organization, query)
      .then((list) => sendList(req, res, list));
  }

  @Get(`${LIST}/include-uploaded-assets/:includeUploadedAssets`)
  @ApiOperation({
    operationId: 'listSavedAssetsIncludingUploads',
    summary: "List an organization's saved assets, and with true its uploads never saved",
    description: `${LIST_DESCRIPTION} With includeUploadedAssets true (it wins over the query parameter), every item carries its whole upload (\`uploadedAsset\`), and the organization's uploads that were never saved are listed too, as items with \`id\` null and no jobs (a job filter leaves them out).`,
  })
  @CLIENT_PATH
  @ORGANIZATION_PATH
  @ApiParam({
    name: 'includeUploadedAssets',
    schema: { type: 'string', enum: ['true', 'false'] },
    description: 'true or false (any case; 1 and 0 too).',
  })
  @ListResponses()
  @ApiTextError(400, `${LIST_400} Or includeUploadedAssets neither true nor false.`)
  @ApiTextError(403, 'The path names another client.')
  @ApiTextError(404, 'No such client (ServiceAdmin).')
  listSavedAssetsIncludingUploads(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Param('clientIdentifier') organization: string,
    @Param('includeUploadedAssets') include: string,
    @Query() query: SavedAssetListQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.reads
      .listOrganization(actor, clientHandle, organization, query, include)
      .then((list) => sendList(req, res, list));
  }

  @Get('api/assets/saved/:id')
  @ApiOperation({
    operationId: 'getSavedAsset',
    summary: 'Read a saved asset by id',
    description:
      "An active saved asset of the calling client with its production jobs, results and outputs, and its whole upload (`uploadedAsset`). Another client's, a deactivated or an absent asset answers 404 (a ServiceAdmin token reads any client's).",
  })
  @IdParam('The id of the saved asset.')
  @ApiOkResponse({ type: SavedAssetEnvelopeDto, example: { data: SAVED_ASSET_EXAMPLE } })
  @ApiTextError(400, 'The id is not a 32-bit integer.', int32IdMessage('Saved asset', 'abc'))
  @ApiTextError(
    404,
    'No active saved asset of the calling client has this id.',
    'Saved asset 311 was not found.',
  )
  getSavedAsset(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
  ): Promise<SavedAssetEnvelopeDto> {
    return this.reads.get(actor, id).then((data) => ({ data }));
  }
}
