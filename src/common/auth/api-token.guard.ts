import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Request } from 'express';
import { CommonSettings } from '../settings/common-settings';
import { Clock } from '../clock/clock';
import { Actor, actorHolds } from './actor';
import { AmbiguousPath } from './unambiguous-path';
import { ACCESS_RULE, AccessRule } from './access.decorators';
import {
  CrossSiteSessionRequest,
  CsrfTokenRequired,
  InvalidSignedUrl,
  InvalidToken,
  MissingToken,
  RoleRequired,
  RouteNotClassified,
  SessionEnded,
} from './auth.errors';
import {
  CSRF_HEADER,
  csrfMatches,
  isSafeMethod,
  overHttps,
  presentedSession,
  SessionAuthenticator,
} from './console-session';
import { UrlSigner } from './signed-urls';
import { TokenAuthenticator } from './token-authenticator';
import { fetchedCrossSite } from './form-guard';
import { presentedToken } from './token-header';
import { TOKEN_HEADER } from '../openapi/security-schemes';

/**
 * The global guard: deny by default. A route must say `@Public()` or `@Authenticated()`; the token
 * is read from `SERVICE_API_TOKEN` or a configured alias (header names are case-insensitive). A
 * request without a token may carry the console's session cookie instead (a user signed in with
 * POST /api/session): then a request that changes something needs the session's CSRF token in
 * `X-CSRF-Token`, and one a browser says another site made is refused. On routes that take signed
 * URLs, a request with neither may carry a signature.
 */
@Injectable()
export class ApiTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: CommonSettings,
    private readonly authenticator: TokenAuthenticator,
    private readonly sessions: SessionAuthenticator,
    private readonly signer: UrlSigner,
    private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) throw new RouteNotClassified();
    if (rule.public) return true;

    const req = context.switchToHttp().getRequest<Request & { actor?: Actor }>();
    const token = presentedToken(req.headers, this.config.tokenHeaders);
    const session = token ? undefined : presentedSession(req, overHttps(req, this.config.baseUrl));
    // A signed URL acts for its signer even in a browser that holds a session of another client.
    const actor = token
      ? await this.authenticator.authenticate(token)
      : ((rule.signedUrls ? await this.signedUrlActor(req.originalUrl) : undefined) ??
        (session ? await this.sessionActor(req, session) : undefined));
    if (!actor) throw token ? new InvalidToken() : new MissingToken(TOKEN_HEADER);
    if (!actorHolds(actor, rule.role)) throw new RoleRequired(rule.role);
    req.actor = actor;
    return true;
  }

  /** The caller of a console session, checked against cross-site use and for its CSRF token. */
  private async sessionActor(req: Request, session: string): Promise<Actor> {
    const crossSite = fetchedCrossSite(req);
    if (crossSite) throw new CrossSiteSessionRequest(crossSite);
    const actor = await this.sessions.authenticate(session, this.clock.now());
    if (!actor) throw new SessionEnded();
    if (!isSafeMethod(req.method) && !csrfMatches(session, req.headers[CSRF_HEADER]))
      throw new CsrfTokenRequired('X-CSRF-Token');
    return actor;
  }

  /** The caller a signed URL acts for; undefined when the URL is not signed at all. */
  private async signedUrlActor(url: string): Promise<Actor | undefined> {
    const check = this.signer.verify(url, this.clock.now());
    if (!check.valid && check.reason === 'unsigned') return undefined;
    if (!check.valid && check.reason === 'ambiguous-path') throw new AmbiguousPath(check.problem);
    if (!check.valid)
      throw new InvalidSignedUrl(check.reason === 'expired' ? 'expired' : 'invalid');
    const actor = await this.authenticator.signedUrlActor(check.clientHandle);
    if (!actor) throw new InvalidSignedUrl('invalid');
    return actor;
  }
}
