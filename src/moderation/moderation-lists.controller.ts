import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
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
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiInt32IdParam } from '../common/openapi/int32-id-param';
import { parseInt32Id } from '../common/validation/int32';
import {
  BlockedHashDto,
  BlockedHashInputDto,
  BlockedHashListDto,
  LABEL_MAX_LENGTH,
  WordDto,
  WordInputDto,
  WordListDto,
  WordsQueryDto,
} from './dto/moderation-lists.dto';
import {
  MAX_BLOCKED_HASHES_PER_CLIENT,
  MAX_WORDS_PER_CLIENT,
  ModerationListsService,
} from './moderation-lists.service';

const HASH_EXAMPLE = {
  id: 12,
  hash: 'f0e4c2d7c8b0a1f3',
  label: 'leaked competitor logo',
  createdDate: '2026-11-23T20:15:00.000Z',
};
const WORD_EXAMPLE = {
  id: 7,
  locale: 'de',
  word: 'dummkopf',
  createdDate: '2026-11-23T20:15:00.000Z',
};
const LABEL = {
  type: 'string',
  maxLength: LABEL_MAX_LENGTH,
  nullable: true,
  example: 'leaked competitor logo',
};

/** The client's word lists and image blocklist (Admin tokens; each client sees only its own). */
@ApiTags('Moderation')
@Authenticated({ role: Role.Admin })
@Controller('api/moderation')
export class ModerationListsController {
  constructor(private readonly lists: ModerationListsService) {}

  @Get('words')
  @ApiOperation({
    operationId: 'listModerationWords',
    summary: "The client's own moderation words",
    description:
      'The words and phrases the client added to the built-in lists (of one language with `locale`), and how many words each built-in list has. Requires an Admin token.',
  })
  @ApiOkResponse({
    type: WordListDto,
    example: { data: [WORD_EXAMPLE], builtInCounts: { en: 13, de: 10 } },
  })
  @ApiTextError(400, 'locale is not a language tag.')
  listModerationWords(
    @CurrentActor() actor: Actor,
    @Query() query: WordsQueryDto,
  ): Promise<WordListDto> {
    return this.lists.words(actor.clientId, query.locale);
  }

  @Post('words')
  @ApiOperation({
    operationId: 'addModerationWord',
    summary: "Add a word to the client's list of a language",
    description: `Text that contains it as a whole word (any case, without diacritics) is an error of artwork moderation and blocks machine moderation, for requests of that language or without one. Stored folded (\`Dummkopf\` → \`dummkopf\`). At most MODERATION_MAX_WORDS words per client (default ${MAX_WORDS_PER_CLIENT}). Requires an Admin token.`,
  })
  @ApiBody({
    type: WordInputDto,
    examples: { word: { value: { locale: 'de', word: 'Dummkopf' } } },
  })
  @ApiCreatedResponse({ type: WordDto, example: WORD_EXAMPLE })
  @ApiTextError(
    400,
    'Invalid body: the field and the rule.',
    'Invalid request: word must contain a letter or digit.',
  )
  @ApiTextError(
    409,
    `The word is on the list already, or the client has MODERATION_MAX_WORDS words (default ${MAX_WORDS_PER_CLIENT}).`,
  )
  addModerationWord(@CurrentActor() actor: Actor, @Body() body: WordInputDto): Promise<WordDto> {
    return this.lists.addWord(actor.clientId, body);
  }

  @Delete('words/:id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteModerationWord',
    summary: "Remove a word from the client's list",
    description:
      "Another client's word answers 404, as if absent. The built-in lists cannot be changed. Requires an Admin token.",
  })
  @ApiInt32IdParam(7)
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiTextError(400, 'The id is not a 32-bit integer.')
  @ApiTextError(404, 'The client has no word with this id.', 'Moderation word 7 was not found.')
  deleteModerationWord(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    return this.lists.deleteWord(actor.clientId, parseInt32Id(id, 'Moderation word'));
  }

  @Get('blocked-hashes')
  @ApiOperation({
    operationId: 'listBlockedHashes',
    summary: "The client's blocklist of image hashes",
    description: 'Oldest first. Requires an Admin token.',
  })
  @ApiOkResponse({ type: BlockedHashListDto, example: { data: [HASH_EXAMPLE] } })
  async listBlockedHashes(@CurrentActor() actor: Actor): Promise<BlockedHashListDto> {
    return { data: await this.lists.hashes(actor.clientId) };
  }

  @Post('blocked-hashes')
  @ApiOperation({
    operationId: 'blockHash',
    summary: 'Block an image by its perceptual hash',
    description: `Either \`hash\` (16 hex digits, e.g. the \`hash\` of a machine moderation answer) or \`uploadedAssetId\` (an upload of the client, hashed now). Machine moderation then blocks images within 8 bits of it and sends those within 14 bits to review. At most MODERATION_MAX_BLOCKED_HASHES hashes per client (default ${MAX_BLOCKED_HASHES_PER_CLIENT}). Requires an Admin token.`,
  })
  @ApiBody({
    schema: {
      oneOf: [
        {
          type: 'object',
          required: ['hash'],
          properties: {
            hash: { type: 'string', pattern: '^[0-9A-Fa-f]{16}$', example: 'f0e4c2d7c8b0a1f3' },
            label: LABEL,
          },
        },
        {
          type: 'object',
          required: ['uploadedAssetId'],
          properties: {
            uploadedAssetId: {
              anyOf: [
                { type: 'integer', format: 'int32' },
                { type: 'string', pattern: '^-?\\d{1,9}$' },
              ],
              example: 19,
            },
            label: LABEL,
          },
        },
      ],
    },
    examples: {
      hash: { value: { hash: 'f0e4c2d7c8b0a1f3', label: 'leaked competitor logo' } },
      upload: { value: { uploadedAssetId: 19, label: 'leaked competitor logo' } },
    },
  })
  @ApiCreatedResponse({ type: BlockedHashDto, example: HASH_EXAMPLE })
  @ApiTextError(
    400,
    'Neither or both of hash and uploadedAssetId, or a field breaks its rule; or the upload does not decode.',
  )
  @ApiTextError(
    404,
    "The upload is absent or another client's.",
    'Uploaded asset 1042 was not found.',
  )
  @ApiTextError(
    409,
    `The client has MODERATION_MAX_BLOCKED_HASHES blocked hashes (default ${MAX_BLOCKED_HASHES_PER_CLIENT}).`,
  )
  blockHash(
    @CurrentActor() actor: Actor,
    @Body() body: BlockedHashInputDto,
  ): Promise<BlockedHashDto> {
    return this.lists.addHash(actor.clientId, body);
  }

  @Delete('blocked-hashes/:id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'unblockHash',
    summary: 'Remove a hash from the blocklist',
    description: "Another client's hash answers 404, as if absent. Requires an Admin token.",
  })
  @ApiInt32IdParam(7)
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiTextError(400, 'The id is not a 32-bit integer.')
  @ApiTextError(
    404,
    'The client has no blocked hash with this id.',
    'Blocked hash 12 was not found.',
  )
  unblockHash(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    return this.lists.deleteHash(actor.clientId, parseInt32Id(id, 'Blocked hash'));
  }
}
