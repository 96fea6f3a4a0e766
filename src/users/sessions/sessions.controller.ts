import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Ip,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { Authenticated, CurrentActor, Public } from '../../common/auth/access.decorators';
import { Actor } from '../../common/auth/actor';
import { CrossSiteSessionRequest, CsrfTokenRequired } from '../../common/auth/auth.errors';
import {
  clearSessionCookie,
  CSRF_HEADER,
  csrfMatches,
  overHttps,
  presentedSession,
  setSessionCookie,
} from '../../common/auth/console-session';
import { fetchedCrossSite, sameOrigin } from '../../common/auth/form-guard';
import { BodyLimit } from '../../common/http/body-limit';
import { ApiTextError } from '../../common/openapi/api-text-error.decorator';
import { CommonSettings } from '../../common/settings/common-settings';
import { CredentialsDto } from '../dto/user.dto';
import { SessionDto } from './session.dto';
import { SessionsService } from './sessions.service';

const SIGN_IN_EXAMPLE = { email: 'jane.doe@example.com', password: 'violet tractor 42 sings' };

/**
 * The console's sign-in (docs/design.md §3): POST /api/session makes a session cookie, GET answers
 * who is signed in and the CSRF token, DELETE signs out; DELETE /api/sessions signs the user out
 * everywhere. For browsers on the service's own origin; partners keep using API tokens.
 */
@ApiTags('Users')
@Controller('api')
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly settings: CommonSettings,
  ) {}

  @Post('session')
  @Public()
  @BodyLimit('8kb')
  @HttpCode(201)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({
    operationId: 'signIn',
    summary: 'Sign in to the console',
    description:
      "A user of a client account (invited, with a password) signs in with e-mail and password: the answer sets the session cookie (HttpOnly, SameSite=Strict; `__Host-pci_session` over HTTPS) and carries the session's CSRF token. The same throttling and lockout as POST /api/user/check-credentials, and one answer for every failure. A session the browser already had ends: every sign-in makes a new one. Refused from another site (Sec-Fetch-Site or Origin).",
  })
  @ApiBody({ type: CredentialsDto, examples: { signIn: { value: SIGN_IN_EXAMPLE } } })
  @ApiCreatedResponse({ type: SessionDto, description: 'Signed in; the cookie is set.' })
  @ApiTextError(400, 'The body is not an object with string email and password.')
  @ApiTextError(401, 'Wrong e-mail or password, or the user is not active.')
  @ApiTextError(403, 'The request came from another site.')
  @ApiTextError(429, 'Too many attempts from this source, or failures for this e-mail from it.')
  async signIn(
    @Body() body: CredentialsDto,
    @Ip() source: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionDto> {
    this.sameSite(req);
    const https = this.https(req);
    const signedIn = await this.sessions.signIn(
      body,
      source,
      req.headers['user-agent'],
      presentedSession(req, https),
    );
    setSessionCookie(res, https, signedIn.session, signedIn.maxAgeMs);
    return signedIn.view;
  }

  @Get('session')
  @Authenticated()
  @ApiOperation({
    operationId: 'getSession',
    summary: 'The console session',
    description:
      "Who is signed in, the session's CSRF token (the console asks again after a reload) and when the session ends. Only under a session: an API token gets 401.",
  })
  @ApiOkResponse({ type: SessionDto })
  async current(@CurrentActor() actor: Actor, @Req() req: Request): Promise<SessionDto> {
    return this.sessions.current(actor, presentedSession(req, this.https(req)));
  }

  @Delete('session')
  @Public()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'signOut',
    summary: 'Sign out',
    description:
      'Ends the session the cookie names and clears the cookie; it no longer works even if the cookie were kept. Needs the CSRF token (X-CSRF-Token) when a cookie comes; an ended or expired session signs out too.',
  })
  @ApiNoContentResponse({ description: 'Signed out (or there was no session).' })
  @ApiTextError(403, 'A session cookie without its CSRF token, or from another site.')
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const https = this.https(req);
    const session = presentedSession(req, https);
    if (session) {
      this.sameSite(req);
      if (!csrfMatches(session, req.headers[CSRF_HEADER]))
        throw new CsrfTokenRequired('X-CSRF-Token');
      await this.sessions.signOut(session);
    }
    clearSessionCookie(res, https);
  }

  @Delete('sessions')
  @Authenticated()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'signOutEverywhere',
    summary: 'Sign out everywhere',
    description:
      'Ends every session of the signed-in user, in every browser, this one too. Only under a session (its CSRF token in X-CSRF-Token): an API token gets 401.',
  })
  @ApiNoContentResponse({ description: 'Every session of the user has ended.' })
  async signOutEverywhere(
    @CurrentActor() actor: Actor,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.sessions.signOutEverywhere(actor);
    clearSessionCookie(res, this.https(req));
  }

  private https(req: Request): boolean {
    return overHttps(req, this.settings.baseUrl);
  }

  /** Sign-in and sign-out only from the service's own site (no login or logout CSRF). */
  private sameSite(req: Request): void {
    if (!sameOrigin(req, new URL(this.settings.baseUrl).origin))
      throw new CrossSiteSessionRequest(
        fetchedCrossSite(req) ?? `Origin: ${String(req.headers.origin)}`,
      );
  }
}
