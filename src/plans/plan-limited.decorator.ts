import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiQuery } from '@nestjs/swagger';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiResponseHeaders } from '../common/openapi/response-headers';
import { Actor } from '../common/auth/actor';
import { PlanLimitGuard, PlanRequest } from './plan-limit.guard';

/**
 * Puts a route (or a controller's routes) under the calling client's plan limits (see
 * PlanLimitGuard) and documents what that adds: the `clientHandle` header or query parameter, and
 * the 400, 403 and 429 answers.
 */
export function PlanLimited(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(PlanLimitGuard),
    ApiResponseHeaders(['*'], 'RateLimit', 'RateLimit-Policy'),
    ApiHeader({
      name: 'clientHandle',
      schema: { type: 'string' },
      required: false,
      description:
        "The calling client's handle (or the `clientHandle` query parameter): the client whose plan limits apply.",
    }),
    ApiQuery({
      name: 'clientHandle',
      type: String,
      required: false,
      description: 'The calling client (instead of the clientHandle header).',
    }),
    ApiTextError(400, 'No clientHandle (header or query parameter).', 'Missing clientHandle.'),
    ApiTextError(403, "clientHandle names another client than the token's."),
    ApiTextError(
      429,
      "Over the client's plan: requests per window, or per month. Retry-After says when to retry; RateLimit-Policy and RateLimit describe the limit (on every answer).",
      'Rate limit exceeded.',
    ),
  );
}

/**
 * The caller acting for the client its plan-limited request names (PlanLimitGuard resolved and
 * admitted it): the token's own client, or for a ServiceAdmin the client it named. What such a
 * route reads or stores belongs to that client (its plan was counted), never to the admin's own.
 */
export const PlanActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const req = ctx.switchToHttp().getRequest<PlanRequest>();
  if (!req.planActor) throw new Error('PlanActor used on a route without @PlanLimited()');
  return req.planActor;
});
