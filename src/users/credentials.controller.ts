import { Body, Controller, HttpCode, Ip, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { Request, Response } from 'express';
import { Public } from '../common/auth/access.decorators';
import { TokenAuthenticator } from '../common/auth/token-authenticator';
import { presentedToken } from '../common/auth/token-header';
import { CommonSettings } from '../common/settings/common-settings';
import { BodyLimit } from '../common/http/body-limit';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { CredentialsService } from './credentials.service';
import { CredentialsDto } from './dto/user.dto';

/**
 * POST /api/user/check-credentials: no token (spec), throttled per source and per e-mail. A
 * sandbox client's token, if one comes, makes it answer for that client's users instead of the
 * live ones.
 */
@ApiTags('Users')
@Public()
@Controller('api/user')
export class CredentialsController {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly authenticator: TokenAuthenticator,
    private readonly settings: CommonSettings,
  ) {}

  @Post('check-credentials')
  // An e-mail and a password of at most 1000 characters each, even of 4-byte UTF-8.
  @BodyLimit('8kb')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({
    operationId: 'checkCredentials',
    summary: "Check a user's e-mail and password",
    description:
      "No authentication header. Answers the id of the active user with this e-mail address and password as a JSON string, or null (unknown address, wrong password, invitation not accepted, user disabled; all take the same time). Only live clients' users answer; with a sandbox token (`pci_test_…`) in the header, only that sandbox client's users answer instead (a sandbox user is unknown to every other caller). Throttled: each source address may make CREDENTIALS_RATE_LIMIT attempts a minute (default 120); after 10 failures for an e-mail address from one source within 15 minutes, that source is refused the address for 15 minutes (429 with Retry-After); after CREDENTIALS_ADDRESS_FAILURE_LIMIT failures for the address from all sources (default 100), only a source that has not failed for it may try, once, for 15 minutes. A stranger cannot lock the real user out.",
  })
  @ApiBody({
    type: CredentialsDto,
    examples: {
      check: { value: { email: 'jane.doe@example.com', password: 'violet tractor 42 sings' } },
    },
  })
  @ApiOkResponse({
    description: 'The user id as a JSON string, or null.',
    content: {
      'application/json': {
        schema: { type: 'string', format: 'uuid', nullable: true },
        examples: {
          valid: { value: '6f1c2a8e-3b7d-4c59-9e4f-0a2b3c4d5e6f' },
          invalid: { value: null },
        },
      },
    },
  })
  @ApiTextError(400, 'The body is not an object with string email and password.')
  @ApiTextError(
    429,
    'Too many attempts from this source, or failures for this e-mail from this source.',
    'Rate limit exceeded.',
  )
  async check(
    @Body() body: CredentialsDto,
    @Ip() source: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const token = presentedToken(req.headers, this.settings.tokenHeaders);
    const caller = token ? await this.authenticator.authenticate(token) : undefined;
    const id = await this.credentials.check(
      body,
      source,
      caller?.sandbox ? caller.clientId : undefined,
    );
    res.status(200).type('application/json').send(JSON.stringify(id));
  }
}
