import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { PROBLEM_JSON, ProblemDetails } from '../common/errors/problem-details';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ShareLinkListDto, ShareLinksQueryDto, ShareSentDto, UserShareDto } from './share.dto';
import { ShareService } from './share.service';
import { BodyLimit } from '../common/http/body-limit';

const SEND_DESCRIPTION = [
  'Sends a link to a public page showing the recipe set (its product render and name) to each e-mail address and, by SMS, to each telephone number, in the language `locale` names (en, de, fr, es, nl; English otherwise).',
  'Without a body, or without recipients, nothing is sent (200, `{"sent":0,"held":0}`). At most 10 recipients per request, and at most SHARE_DAILY_LIMIT recipients per client per UTC day (429 beyond; nothing is sent).',
  'Each recipient gets their own link (revocable alone with DELETE /api/share/links/{id}); links expire after 30 days.',
  "200 means the messages are queued durably and were sent, or will be by the delivery job (`sent`), or are held in the outbox and never sent (`held`: a sandbox client's messages, listed by GET /api/sandbox/messages, or a channel the server has not configured). When a recipient is refused for good while the request waits (e.g. the mail server refuses the address), the answer is 500 naming that recipient masked; the other recipients keep their messages.",
].join(' ');

/** The spec's share endpoint, and the administration of the links it sends. */
@ApiTags('Share')
@Controller('api/share')
export class ShareController {
  constructor(private readonly share: ShareService) {}

  @Post('send')
  @BodyLimit('16kb')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    operationId: 'sendShare',
    summary: 'Share a recipe set by e-mail and/or SMS',
    description: SEND_DESCRIPTION,
  })
  @ApiBody({
    type: UserShareDto,
    required: false,
    examples: {
      email: {
        value: {
          emailAddresses: ['jane@example.com'],
          phoneNumbers: ['+49 151 12345678'],
          recipeSetReadableId: 'DEMTEE2A',
          locale: 'de',
        },
      },
    },
  })
  @ApiOkResponse({
    type: ShareSentDto,
    description: 'Sent (or queued for delivery) or held, or nothing to send.',
    example: { sent: 2, held: 0 },
  })
  @ApiTextError(
    400,
    'An invalid e-mail address or telephone number (named with its index), more than 10 recipients, or recipients without recipeSetReadableId.',
    'Invalid request: phoneNumbers[0] "0151 12345678" is not a valid telephone number with its country code (such as +49 151 12345678).',
  )
  @ApiTextError(
    401,
    'The recipe set is not available for sharing: OnHold, Cancelled, or sharing turned off for its product or client.',
    'Recipe set DEMTEE2A is OnHold: it is not available for sharing.',
  )
  @ApiTextError(
    404,
    "The recipe set is absent or another client's.",
    'Recipe set 9EDB2AFP was not found.',
  )
  @ApiTextError(
    429,
    "The client's daily limit of share recipients (SHARE_DAILY_LIMIT, per UTC day) would be passed; nothing was sent.",
    "Sharing with 2 more recipients would pass this client's daily limit of 500 recipients (499 used today, UTC); nothing was sent. Retry after midnight UTC.",
  )
  @ApiResponse({
    status: 500,
    description:
      'Delivery to a recipient was refused for good while the request waited (e.g. the mail server refused the address; the recipient is named masked), or an unexpected error; with a link to the log entry.',
    content: {
      [PROBLEM_JSON]: {
        schema: { $ref: getSchemaPath(ProblemDetails) },
        example: {
          type: 'about:blank',
          title: 'Internal Server Error',
          status: 500,
          detail:
            'Sharing failed: delivery was refused for j***@example.com; the link to the other 1 recipient stays sent or queued. Log entry: https://api.example.com/logentry/detail/3f2c9a1e-8d4b-4c6a-9e1f-2b7d5a0c4e81',
          code: 'SHARE_DELIVERY_REFUSED',
          requestId: 'f6b1c2d3',
          logId: '3f2c9a1e-8d4b-4c6a-9e1f-2b7d5a0c4e81',
        },
      },
    },
  })
  sendShare(@CurrentActor() actor: Actor, @Body() body?: UserShareDto): Promise<ShareSentDto> {
    return this.share.send(actor, body);
  }

  @Get('links')
  @Authenticated({ role: Role.Admin })
  @ApiOperation({
    operationId: 'listShareLinks',
    summary: 'List share links (recipients masked)',
    description:
      "The client's share links, newest first (at most 500), of one recipe set when `recipeSetReadableId` is given: when each was sent, in which language, to whom (masked), when it expires and whether it was revoked. Never the links themselves. Requires an Admin token.",
  })
  @ApiOkResponse({ type: ShareLinkListDto })
  @ApiTextError(400, 'recipeSetReadableId is longer than 36 characters, or holds a NUL character.')
  @ApiTextError(404, "The recipe set is absent or another client's.")
  async listShareLinks(
    @CurrentActor() actor: Actor,
    @Query() query: ShareLinksQueryDto,
  ): Promise<ShareLinkListDto> {
    return { data: await this.share.list(actor, query.recipeSetReadableId ?? undefined) };
  }

  @Delete('links/:id')
  @HttpCode(204)
  @Authenticated({ role: Role.Admin })
  @ApiOperation({
    operationId: 'revokeShareLink',
    summary: 'Revoke a share link',
    description:
      'The link stops working at once: its page answers 410. The other recipients of the same share keep theirs. Revoking a revoked link is not an error. Requires an Admin token.',
  })
  @ApiNoContentResponse({ description: 'Revoked (or already revoked).' })
  @ApiTextError(404, "No such link, or another client's.")
  async revokeShareLink(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.share.revoke(actor, id);
  }
}
