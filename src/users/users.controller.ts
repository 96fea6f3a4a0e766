import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { ValidationFailed } from '../common/errors/domain-error';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiResponseHeaders } from '../common/openapi/response-headers';
import { ListUsersQueryDto } from './dto/list-users.dto';
import { InviteUserDto, UpdateUserDto, UserEnvelopeDto, UserListDto } from './dto/user.dto';
import { ACTIVE_USER_EXAMPLE, INVITED_USER_EXAMPLE } from './users.examples';
import { UsersService } from './users.service';
import { BodyLimit } from '../common/http/body-limit';

const UserIdParam = () =>
  ApiParam({ name: 'userId', description: 'The id of the user (a UUID).', format: 'uuid' });
const NOT_FOUND = 'No user of the calling client has this id.';

/** Users of the calling client: invitations, listing, disabling and enabling. Admin tokens. */
@ApiTags('Users')
@Authenticated({ role: Role.Admin })
@Controller('api')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('user/invite')
  @BodyLimit('16kb')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'inviteUser',
    summary: 'Invite a user to the calling client',
    description:
      "Creates the user (status Invited) and e-mails an invitation whose link opens a page to set a password; the link works once and expires in 7 days. The e-mail and the page are in `locale` (en, de, fr, es, nl; others get en). An e-mail address is a user at most once per client: inviting a user of the calling client again is 409; another client's user of the address, invited or accepted, changes nothing here (the invitation is stored and sent; no client learns where an address is used, nor can reserve it). Among live clients one user can have accepted an address: the acceptance page of a later invitation of it says so. Requires an Admin (or ServiceAdmin) token.",
  })
  @ApiBody({
    type: InviteUserDto,
    examples: {
      invite: {
        value: {
          email: 'jane.doe@example.com',
          firstName: 'Jane',
          lastName: 'Doe',
          role: 'User',
          locale: 'de',
        },
      },
    },
  })
  @ApiOkResponse({ type: UserEnvelopeDto, example: { data: INVITED_USER_EXAMPLE } })
  @ApiTextError(400, 'Invalid e-mail address, role, locale or names: the field and the rule.')
  @ApiTextError(409, 'A user of the calling client has this e-mail address already.')
  @ApiTextError(429, 'The client has sent INVITATION_DAILY_LIMIT invitations today (UTC).')
  invite(@CurrentActor() actor: Actor, @Body() body: InviteUserDto): Promise<UserEnvelopeDto> {
    return this.users.invite(actor, body).then((data) => ({ data }));
  }

  @Get('user/invite/:userId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'resendInvitation',
    summary: 'Send the invitation again',
    description:
      'E-mails a new link to a user who has not accepted yet (the earlier link stops working, the 7 days start again). For a user who has accepted, or is disabled, nothing is sent. 200 with no body either way. Requires an Admin (or ServiceAdmin) token.',
  })
  @UserIdParam()
  @ApiOkResponse({ description: 'Sent if applicable (no body).' })
  @ApiTextError(404, NOT_FOUND, 'User "6f1c2a8e-3b7d-4c59-9e4f-0a2b3c4d5e6f" was not found.')
  @ApiTextError(429, 'The client has sent INVITATION_DAILY_LIMIT invitations today (UTC).')
  async resend(@CurrentActor() actor: Actor, @Param('userId') userId: string): Promise<void> {
    await this.users.resend(actor, userId);
  }

  @Get('users')
  @ApiOperation({
    operationId: 'listUsers',
    summary: "List the calling client's users",
    description:
      'Newest invitation first, in pages (`page`, `pageSize` up to 500, default 100); X-Total-Count gives the total. Requires an Admin (or ServiceAdmin) token.',
  })
  @ApiOkResponse({
    type: UserListDto,
    example: { data: [ACTIVE_USER_EXAMPLE] },
    description: 'Total count in X-Total-Count.',
  })
  @ApiResponseHeaders([200], 'X-Total-Count')
  @ApiTextError(400, 'Invalid status, page or pageSize.')
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: ListUsersQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserListDto> {
    const size = query.pageSize ?? 100;
    const { users, total } = await this.users.list(
      actor,
      query.status,
      ((query.page ?? 1) - 1) * size,
      size,
    );
    res.setHeader('X-Total-Count', String(total));
    return { data: users };
  }

  @Get('users/:userId')
  @ApiOperation({
    operationId: 'getUser',
    summary: 'Read a user of the calling client',
    description:
      "One user of the calling client, with status and dates; another client's user is 404. Requires an Admin (or ServiceAdmin) token.",
  })
  @UserIdParam()
  @ApiOkResponse({ type: UserEnvelopeDto, example: { data: ACTIVE_USER_EXAMPLE } })
  @ApiTextError(404, NOT_FOUND)
  get(@CurrentActor() actor: Actor, @Param('userId') userId: string): Promise<UserEnvelopeDto> {
    return this.users.get(actor, userId).then((data) => ({ data }));
  }

  @Patch('users/:userId')
  @BodyLimit('16kb')
  @ApiOperation({
    operationId: 'updateUser',
    summary: 'Disable or enable a user, or change the role',
    description:
      '`{"status": "Disabled"}`: the user can no longer sign in (check-credentials answers null) and API tokens that belong to the user stop working. `{"status": "Active"}` enables the user again (one who never accepted the invitation goes back to Invited). Requires an Admin (or ServiceAdmin) token.',
  })
  @UserIdParam()
  @ApiBody({ type: UpdateUserDto, examples: { disable: { value: { status: 'Disabled' } } } })
  @ApiOkResponse({ type: UserEnvelopeDto, example: { data: ACTIVE_USER_EXAMPLE } })
  @ApiTextError(400, 'No body, or an invalid status or role.')
  @ApiTextError(404, NOT_FOUND)
  update(
    @CurrentActor() actor: Actor,
    @Param('userId') userId: string,
    @Body() body: UpdateUserDto,
    @Req() req: Request,
  ): Promise<UserEnvelopeDto> {
    if (req.body === undefined || req.body === null)
      throw new ValidationFailed(
        'Invalid request: the body must be an object with status or role.',
      );
    return this.users.update(actor, userId, body).then((data) => ({ data }));
  }
}
