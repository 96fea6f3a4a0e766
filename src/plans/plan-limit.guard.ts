import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerException,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { Clock } from '../common/clock/clock';
import { CLIENT_HANDLE_RULE, clientHandleProblem, normalizeClientHandle } from '../clients';
import { InvalidClientHandle, MissingClientHandle } from './plans.errors';
import { PlansService, secondsToNextMonth } from './plans.service';

/** A request through the guard: its caller, and the caller acting for the client it names. */
export type PlanRequest = Request & { actor?: Actor; planActor?: Actor };

/** The throttler (and counter) name of plan limits, and the policy name in the headers. */
const PLAN = 'plan';

/** The client a rate-limited request names: route value, `clientHandle` header or query. */
export function requestedClientHandle(req: Request): string | undefined {
  const params = req.params as Record<string, unknown> | undefined;
  const query = req.query as Record<string, unknown> | undefined;
  for (const value of [params?.clientHandle, req.headers.clienthandle, query?.clientHandle]) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') return first.trim();
  }
  return undefined;
}

/**
 * The plan's limits on a route (`@PlanLimited()`), with @nestjs/throttler's storage (Redis when
 * REDIS_URL is set, so the limit is global across instances): the request must name its client
 * (400 `Missing clientHandle.`; 400 for one no client can have), the token's (403; a ServiceAdmin
 * any), and stay within the
 * client's requests per window and per month (429 `Rate limit exceeded.` with Retry-After). Every
 * answer carries the IETF `RateLimit-Policy` and `RateLimit` headers.
 */
@Injectable()
export class PlanLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly plans: PlansService,
    private readonly clock: Clock,
  ) {
    super(options, storage, reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<PlanRequest>();
    const res = http.getResponse<Response>();
    const named = requestedClientHandle(req);
    if (!named) throw new MissingClientHandle();
    if (clientHandleProblem(normalizeClientHandle(named)))
      throw new InvalidClientHandle(named, CLIENT_HANDLE_RULE);
    const handle = ClientAccess.handleInPath(req.actor!, named);
    const { client, limits } = await this.plans.client(handle);
    // What the route does, it does for this client (see PlanActor): for a ServiceAdmin, the named one.
    req.planActor = { ...req.actor!, clientId: client.id, clientHandle: client.handle };
    const windowMs = limits.windowSeconds * 1000;
    const counted = await this.storageService.increment(
      `${PLAN}:${client.handle}`,
      windowMs,
      limits.limit,
      windowMs,
      PLAN,
    );
    res.setHeader('RateLimit-Policy', `"${PLAN}";q=${limits.limit};w=${limits.windowSeconds}`);
    const reset = counted.isBlocked ? counted.timeToBlockExpire : counted.timeToExpire;
    const remaining = Math.max(0, limits.limit - counted.totalHits);
    res.setHeader('RateLimit', `"${PLAN}";r=${remaining};t=${Math.max(0, reset)}`);
    if (counted.isBlocked) return this.refuse(res, reset);
    if (!(await this.plans.countRequest(client, limits)))
      return this.refuse(res, secondsToNextMonth(this.clock.now()));
    return true;
  }

  private refuse(res: Response, retryAfterSeconds: number): never {
    res.setHeader('Retry-After', String(Math.max(1, retryAfterSeconds)));
    throw new ThrottlerException();
  }
}
