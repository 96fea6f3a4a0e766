import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { ApiTextError } from '../openapi/api-text-error.decorator';
import { Actor } from './actor';
import { Role } from './role';

export const ACCESS_RULE = 'access-rule';
export const API_TOKEN_SECURITY = 'api-token';

export type AccessRule = { public: true } | { public: false; role: Role };

/** Marks a route as open to anyone. Every other route needs a token: the guard denies by default. */
export const Public = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_RULE, { public: true } satisfies AccessRule);

/**
 * Requires a valid API token with at least `role` (default `User`), and documents the token
 * header and the 401/403 answers in OpenAPI in the same place.
 */
export function Authenticated(options: { role?: Role } = {}): MethodDecorator & ClassDecorator {
  const role = options.role ?? Role.User;
  const decorators = [
    SetMetadata(ACCESS_RULE, { public: false, role } satisfies AccessRule),
    ApiSecurity(API_TOKEN_SECURITY),
    ApiTextError(401, 'Missing, invalid or revoked API token.'),
  ];
  if (role !== Role.User) decorators.push(ApiTextError(403, `Needs the ${role} role or higher.`));
  return applyDecorators(...decorators);
}

/** The authenticated caller, set by the guard. */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const req = ctx.switchToHttp().getRequest<{ actor?: Actor }>();
  if (!req.actor) throw new Error('CurrentActor used on a route without @Authenticated()');
  return req.actor;
});
