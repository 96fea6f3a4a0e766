import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Request } from 'express';
import { AppConfig } from '../../config/app-config';
import { Actor } from './actor';
import { ACCESS_RULE, AccessRule } from './access.decorators';
import { InvalidToken, MissingToken, RoleRequired, RouteNotClassified } from './auth.errors';
import { roleSatisfies } from './role';
import { TokenAuthenticator } from './token-authenticator';
import { TOKEN_HEADER } from './token-header';

/**
 * The global guard: deny by default. A route must say `@Public()` or `@Authenticated()`; the token
 * is read from `SERVICE_API_TOKEN` or a configured alias (header names are case-insensitive).
 */
@Injectable()
export class ApiTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
    private readonly authenticator: TokenAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) throw new RouteNotClassified();
    if (rule.public) return true;

    const req = context.switchToHttp().getRequest<Request & { actor?: Actor }>();
    const token = this.presentedToken(req);
    if (!token) throw new MissingToken(TOKEN_HEADER);
    const actor = await this.authenticator.authenticate(token);
    if (!actor) throw new InvalidToken();
    if (!roleSatisfies(actor.role, rule.role)) throw new RoleRequired(rule.role);
    req.actor = actor;
    return true;
  }

  private presentedToken(req: Request): string | undefined {
    for (const name of this.config.tokenHeaders) {
      const value = req.headers[name];
      const token = (Array.isArray(value) ? value[0] : value)?.trim();
      if (token) return token;
    }
    return undefined;
  }
}
