import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiConsumes,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiSecurity,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Request, Response } from 'express';
import { PROBLEM_JSON, ProblemDetails } from '../common/errors/problem-details';
import { Public } from '../common/auth/access.decorators';
import { actsForAnyClient, Actor } from '../common/auth/actor';
import { FormFields, readForm } from '../common/http/form-body';
import { FormGuard } from '../common/auth/form-guard';
import { formatLocale, sendPrivatePage } from '../common/pages';
import {
  detailsPage,
  notFoundPage,
  overviewPage,
  PageView,
  signInPage,
} from './availability.pages';
import { AvailabilityService } from './availability.service';
import { PageCaller, PAGES_PATH, PageSessions, safeNext } from './page-sessions';
import { ApiResponseHeaders } from '../common/openapi/response-headers';
import {
  API_TOKEN_SECURITY,
  TOKEN_CHALLENGE,
  TOKEN_HEADER,
} from '../common/openapi/security-schemes';

const HTML = { 'text/html': { schema: { type: 'string' } } };
const UNAUTHORIZED = ApiResponse({
  status: 401,
  description:
    'Not authorized (no, invalid, revoked or insufficient token, or no valid session): the sign-in page as HTML when the request accepts text/html, plain text otherwise. With `WWW-Authenticate`.',
  content: {
    'text/html': { schema: { type: 'string' } },
    'text/plain': {
      schema: { type: 'string', example: 'Not authorized: this page needs a ServiceAdmin token.' },
    },
  },
});
const SIGN_IN = 'availability-sign-in';
const SIGN_OUT = 'availability-sign-out';

/**
 * The HTML pages of pricing and availability (outside /api). Public for the global guard: each
 * route checks the caller itself (the token header or a session cookie), so that a browser gets
 * its 401 as a sign-in page. Nothing is cached, indexed or sent on as a referrer.
 */
@ApiTags('Availability')
@Public()
@Controller('availability')
export class AvailabilityPagesController {
  constructor(
    private readonly availability: AvailabilityService,
    private readonly sessions: PageSessions,
    private readonly forms: FormGuard,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'availabilityOverview',
    summary: 'Overview of every client (HTML)',
    description: `Every client with its number of price adjustments, unavailable and backorder SKUs, the last change, and a link to its details page. Needs a ServiceAdmin token in the ${TOKEN_HEADER} header or a session of this browser (see POST /availability/sign-in).`,
  })
  @ApiSecurity(API_TOKEN_SECURITY)
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The overview page.', content: HTML })
  @UNAUTHORIZED
  async overview(@Req() req: Request, @Res() res: Response): Promise<void> {
    const caller = await this.sessions.caller(req);
    if (!caller.actor || !actsForAnyClient(caller.actor))
      return this.unauthorized(req, res, caller, 'this page needs a ServiceAdmin token');
    const clients = await this.availability.overview();
    this.send(res, 200, overviewPage(clients, this.view(req, res, caller.actor)));
  }

  @Get('details/:clientHandle')
  @ApiParam({ name: 'clientHandle', description: 'The client (any case).', example: 'demo' })
  @ApiOperation({
    operationId: 'availabilityDetails',
    summary: "A client's products and SKUs with prices and availability (HTML)",
    description: `Each product of the client's catalog with its SKUs: base price, adjustment, effective price now and availability. Needs a token of that client (any role) or a ServiceAdmin token, in the ${TOKEN_HEADER} header or through a session of this browser (see POST /availability/sign-in); a token of another client is not authorized (401).`,
  })
  @ApiSecurity(API_TOKEN_SECURITY)
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The details page.', content: HTML })
  @UNAUTHORIZED
  @ApiResponse({
    status: 404,
    description:
      'No such client (ServiceAdmin): a page saying so. A path that matches no route answers as the API does (text or ProblemDetails).',
    content: {
      ...HTML,
      'text/plain': { schema: { type: 'string' } },
      [PROBLEM_JSON]: { schema: { $ref: getSchemaPath(ProblemDetails) } },
    },
  })
  async details(
    @Param('clientHandle') clientHandle: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const handle = clientHandle.trim().toLowerCase();
    const caller = await this.sessions.caller(req);
    const { actor } = caller;
    if (!actor || (!actsForAnyClient(actor) && actor.clientHandle !== handle))
      return this.unauthorized(req, res, caller, `this page needs a token of client ${handle}`);
    const prices = await this.availability.details(handle);
    const view = this.view(req, res, actor);
    if (!prices) return this.send(res, 404, notFoundPage(handle, view.signOutField));
    this.send(res, 200, detailsPage(prices, view));
  }

  @Get('sign-in')
  @ApiOperation({
    operationId: 'availabilitySignInForm',
    summary: 'The sign-in form of the pages (HTML)',
    description: 'A form with one field, the API token; posted to POST /availability/sign-in.',
  })
  @ApiQuery({
    name: 'next',
    required: false,
    description: 'The page to go to after signing in (a path under /availability).',
    example: '/availability/details/demo',
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The sign-in page.', content: HTML })
  signInForm(@Query('next') next: unknown, @Req() req: Request, @Res() res: Response): void {
    const target = typeof next === 'string' ? next : PAGES_PATH;
    this.send(res, 200, signInPage({ formField: this.field(req, res, SIGN_IN), next: target }));
  }

  @Post('sign-in')
  @ApiOperation({
    operationId: 'availabilitySignIn',
    summary: 'Sign in to the pages with an API token (HTML form post)',
    description:
      "Fields `token` (the API token), `next` (the page asked for) and the CSRF field `form` with its cookie, as application/x-www-form-urlencoded. A valid token gives a session cookie (HttpOnly, SameSite=Strict, 8 hours; it works while the token stays valid) and a 303 to `next` when that is a page under /availability (else to the caller's own page). An invalid token: 401 with the form again; a stale form or one from another site: 403 with the form again.",
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiProduces('text/html')
  @ApiResponse({ status: 303, description: 'Signed in: to the page asked for.' })
  @ApiResponseHeaders([303], 'Location')
  @ApiResponse({ status: 401, description: 'Invalid token: the form again.', content: HTML })
  @ApiResponse({ status: 403, description: 'CSRF check failed: the form again.', content: HTML })
  async signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    const fields: FormFields = await readForm(req, res).catch(() => ({}));
    const next = fields.next ?? PAGES_PATH;
    if (!this.forms.check(req, fields.form, SIGN_IN))
      return this.signInAgain(req, res, 403, next, 'The form had expired: please sign in again.');
    const actor = await this.sessions.signIn(req, res, (fields.token ?? '').trim());
    if (!actor)
      return this.signInAgain(req, res, 401, next, 'The API token is invalid or has been revoked.');
    res.status(303).setHeader('Location', safeNext(next, actor)).end();
  }

  @Post('sign-out')
  @ApiOperation({
    operationId: 'availabilitySignOut',
    summary: 'Sign out of the pages (HTML form post)',
    description:
      'The sign-out button of the pages (CSRF field `form` with its cookie): ends the session at once and clears its cookie, then 303 to the sign-in page. A stale form: 403 with the sign-in page.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiProduces('text/html')
  @ApiResponse({ status: 303, description: 'Signed out: to the sign-in page.' })
  @ApiResponseHeaders([303], 'Location')
  @ApiResponse({ status: 403, description: 'CSRF check failed.', content: HTML })
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    const fields: FormFields = await readForm(req, res).catch(() => ({}));
    if (!this.forms.check(req, fields.form, SIGN_OUT))
      return this.signInAgain(req, res, 403, PAGES_PATH, 'The form had expired: try again.');
    await this.sessions.signOut(req, res);
    res.status(303).setHeader('Location', `${PAGES_PATH}/sign-in`).end();
  }

  private unauthorized(req: Request, res: Response, caller: PageCaller, need: string): void {
    const text =
      caller.actor === undefined && caller.reason === 'missing'
        ? `Not authorized: send an API token in the ${TOKEN_HEADER} header, or sign in.`
        : caller.actor === undefined
          ? 'Not authorized: the API token or session is invalid, expired or revoked.'
          : `Not authorized: ${need}.`;
    res.setHeader('WWW-Authenticate', TOKEN_CHALLENGE);
    if (!wantsHtml(req)) {
      res
        .status(401)
        .setHeader('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(text);
      return;
    }
    const problem = caller.actor ? text : undefined;
    this.signInAgain(req, res, 401, req.originalUrl, problem);
  }

  private signInAgain(req: Request, res: Response, status: number, next: string, problem?: string) {
    this.send(res, status, signInPage({ formField: this.field(req, res, SIGN_IN), next, problem }));
  }

  private field(req: Request, res: Response, subject: string): string {
    return this.forms.issue(req, res, PAGES_PATH, subject);
  }

  /** The sign-out form's field, the reader's formats, and whether the overview is theirs to see. */
  private view(req: Request, res: Response, actor: Pick<Actor, 'role' | 'sandbox'>): PageView {
    return {
      signOutField: this.field(req, res, SIGN_OUT),
      locale: formatLocale(req.acceptsLanguages()),
      overview: actsForAnyClient(actor),
    };
  }

  private send(res: Response, status: number, html: string): void {
    sendPrivatePage(res, status, html);
  }
}

/** Whether the request names text/html among what it accepts (browsers do; `*\/*` alone does not). */
function wantsHtml(req: Request): boolean {
  const accept = req.headers.accept ?? '';
  return /text\/html/i.test(accept) && req.accepts(['text/plain', 'text/html']) === 'text/html';
}
