import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { ApiTextError } from '../openapi/api-text-error.decorator';
import {
  API_TOKEN_SECURITY,
  SESSION_SECURITY,
  SIGNED_URL_SECURITY,
} from '../openapi/security-schemes';
import { Actor } from './actor';
import { Role } from './role';

export const ACCESS_RULE = 'access-rule';

export type AccessRule = { public: true } | { public: false; role: Role; signedUrls?: boolean };

/** Marks a route as open to anyone. Every other route needs a token: the guard denies by default. */
export const Public = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_RULE, { public: true } satisfies AccessRule);

/**
 * Requires a valid API token or console session with at least `role` (default `User`), and
 * documents the token header, the session cookie and the 401/403 answers in OpenAPI in the same
 * place. With `signedUrls`, a request
 * without a token may instead carry a valid signature (see UrlSigner); it then acts as a `User`
 * of the client the URL was signed for.
 */
export function Authenticated(
  options: { role?: Role; signedUrls?: boolean } = {},
): MethodDecorator & ClassDecorator {
  const role = options.role ?? Role.User;
  const signedUrls = options.signedUrls ?? false;
  const decorators = [
    SetMetadata(ACCESS_RULE, { public: false, role, signedUrls } satisfies AccessRule),
    ApiSecurity(API_TOKEN_SECURITY),
    ApiSecurity(SESSION_SECURITY),
    ...(signedUrls ? [ApiSecurity(SIGNED_URL_SECURITY)] : []),
    ApiTextError(
      401,
      signedUrls
        ? 'Missing, invalid or revoked API token, or an invalid or expired signed URL.'
        : 'Missing, invalid or revoked API token.',
    ),
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
