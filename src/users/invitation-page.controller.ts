import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { PROBLEM_JSON, ProblemDetails } from '../common/errors/problem-details';
import { Request, Response } from 'express';
import { Public } from '../common/auth/access.decorators';
import { FormGuard } from '../common/auth/form-guard';
import { sendPrivatePage } from '../common/pages';
import { FormFields, readForm } from '../common/http/form-body';
import { withoutUnstorable } from '../common/validation/storable-text';
import { MESSAGE_LOCALES, messageLocale, MessageLocale } from '../messages';
import { INVITATION_TEXTS } from './invitation-texts';
import { invitationDeadPage, invitationDonePage, invitationFormPage } from './invitation.page';
import { Acceptance, InvitationsService, OpenInvitation } from './invitations.service';

const TokenParam = () =>
  ApiParam({ name: 'token', description: 'The token of the invitation link.' });
const HTML = { 'text/html': { schema: { type: 'string' } } };
/**
 * A page; a 404 (no page route matched) or a 400 (a JSON body that does not parse) may also be
 * the API's text or ProblemDetails.
 */
const HtmlPage = (status: number, description: string) =>
  status === 200
    ? ApiOkResponse({ description, content: HTML })
    : ApiResponse({
        status,
        description,
        content:
          status === 404 || status === 400
            ? {
                ...HTML,
                'text/plain': { schema: { type: 'string' } },
                [PROBLEM_JSON]: { schema: { $ref: getSchemaPath(ProblemDetails) } },
              }
            : HTML,
      });

/**
 * The page an invitation e-mail links to (public, outside /api, works without JavaScript): a
 * form to set a password, posted back to the same address with a CSRF check. The link's token is
 * the capability; it is never logged (see the request logger) and the page is not cached,
 * indexed or sent on as a referrer.
 */
@ApiTags('Users')
@Public()
@Controller('invitation')
export class InvitationPageController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly forms: FormGuard,
  ) {}

  @Get(':token')
  @ApiOperation({
    operationId: 'showInvitation',
    summary: 'The acceptance page an invitation e-mail links to (HTML)',
    description:
      "Public: the token in the path is the capability. A form to set a password (and names), in the invitation's language; works without JavaScript. An unknown, expired, used or replaced link answers 404 with a page saying so, in the browser's language.",
  })
  @TokenParam()
  @ApiProduces('text/html')
  @HtmlPage(200, 'The form.')
  @HtmlPage(404, 'The link no longer works (a page saying so).')
  async show(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    const invitation = await this.invitations.open(token);
    if (!invitation) return this.dead(req, res);
    this.send(
      res,
      200,
      this.form(
        req,
        res,
        invitation,
        { firstName: invitation.firstName, lastName: invitation.lastName },
        [],
      ),
    );
  }

  @Post(':token')
  @ApiOperation({
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation: set the password (HTML form post)',
    description:
      'The form of GET /invitation/{token}, posted as application/x-www-form-urlencoded with its CSRF field and cookie. The password needs at least 12 characters, must not contain the e-mail address and must not be a common password. 200: the account is active (a page saying so); 422: the form again with what to correct; 403: the CSRF check failed (the form again, to submit once more); 404: the link no longer works.',
  })
  @TokenParam()
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiProduces('text/html')
  @HtmlPage(200, 'Accepted: the account is active.')
  @HtmlPage(400, 'The form could not be read: the form again.')
  @HtmlPage(403, 'The form is stale or came from elsewhere (CSRF): the form again.')
  @HtmlPage(413, 'The form is too large (over 16 KiB or 20 fields): the form again.')
  @HtmlPage(404, 'The link no longer works.')
  @HtmlPage(422, 'The password does not meet the policy: the form again, naming what to correct.')
  async accept(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    const invitation = await this.invitations.open(token);
    if (!invitation) return this.dead(req, res);
    let fields: FormFields;
    try {
      fields = await readForm(req, res);
    } catch (err) {
      // Too large (413) or malformed (400): the form again, to send once more.
      const status = (err as { status?: unknown }).status;
      const t = INVITATION_TEXTS[invitation.locale];
      const code = status === 413 ? 413 : 400;
      return this.send(
        res,
        code,
        this.form(req, res, invitation, invitation, [t.problems['form-expired']]),
      );
    }
    const input: Acceptance = {
      firstName: plainText(fields.firstName),
      lastName: plainText(fields.lastName),
      password: fields.password ?? '',
      confirmation: fields.confirmation ?? '',
    };
    const t = INVITATION_TEXTS[invitation.locale];
    if (!this.forms.check(req, fields.form, subject(invitation)))
      return this.send(
        res,
        403,
        this.form(req, res, invitation, input, [t.problems['form-expired']]),
      );
    const result = await this.invitations.accept(token, invitation, input);
    if (result.accepted)
      return this.send(res, 200, invitationDonePage({ ...invitation, locale: result.locale }));
    if ('dead' in result) return this.dead(req, res);
    this.send(
      res,
      422,
      this.form(
        req,
        res,
        invitation,
        input,
        result.problems.map((p) => t.problems[p]),
      ),
    );
  }

  private form(
    req: Request,
    res: Response,
    invitation: OpenInvitation,
    names: { firstName: string; lastName: string },
    problems: string[],
  ): string {
    const formField = this.forms.issue(
      req,
      res,
      req.originalUrl.split('?')[0],
      subject(invitation),
    );
    return invitationFormPage({
      locale: invitation.locale,
      clientName: invitation.clientName,
      email: invitation.email,
      firstName: names.firstName,
      lastName: names.lastName,
      formField,
      problems,
    });
  }

  /** Unknown, expired, used or replaced: one page, in the browser's language. */
  private dead(req: Request, res: Response): void {
    const locale: MessageLocale = messageLocale(req.acceptsLanguages([...MESSAGE_LOCALES]) || 'en');
    this.send(res, 404, invitationDeadPage(locale));
  }

  private send(res: Response, status: number, html: string): void {
    sendPrivatePage(res, status, html);
  }
}

/** A name as typed, without control characters or text the database cannot store. */
function plainText(value: string | undefined): string {
  return withoutUnstorable(value ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
}

/** What a form's CSRF field is bound to: the invited user (the link itself is checked apart). */
function subject(invitation: OpenInvitation): string {
  return `invitation:${invitation.userId}`;
}
