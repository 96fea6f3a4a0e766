import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  mixin,
  Optional,
  NestInterceptor,
  Type,
  UseInterceptors,
} from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Observable } from 'rxjs';
import { Plan } from '../clients';
import { DomainError, ErrorKind } from '../common/errors/domain-error';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiResponseHeaders } from '../common/openapi/response-headers';
import { AppConfig } from '../config/app-config';
import { PlansRepository } from './plans.repository';

/** The plan policies that count work (not requests), and their names in the RateLimit headers. */
export enum WorkPolicy {
  /** Cold renders and new transformations (a stored render or transform costs nothing). */
  Render = 'render',
  Upload = 'upload',
}

const WINDOW_SECONDS = 60;

/** The route a request came in on, and the policy it opted into with {@link WorkLimited}. */
interface WorkContext {
  policy: WorkPolicy;
  res: Response;
}
const current = new AsyncLocalStorage<WorkContext>();

/** Over the plan's work per minute: 429 with Retry-After. */
export class WorkLimitReached extends DomainError {
  constructor(handle: string, policy: WorkPolicy, limit: number, retryAfterSeconds: number) {
    const [one, many] =
      policy === WorkPolicy.Render
        ? ['cold render or new transformation', 'cold renders or new transformations']
        : ['upload', 'uploads'];
    const what = limit === 1 ? one : many;
    super(
      'RATE_LIMITED',
      ErrorKind.RateLimited,
      `Rate limit exceeded: client ${handle}'s plan allows ${limit} ${what} per ${WINDOW_SECONDS} s (policy ${policy}); retry in ${retryAfterSeconds} s.`,
      { retryAfterSeconds },
    );
  }
}

/**
 * Counts work against the client's plan (PLAN_RENDERS_PER_MINUTE, PLAN_UPLOADS_PER_MINUTE) where
 * it is admitted, in the service, because only there is it known whether a request costs
 * anything: a render served from the store is not counted, so storefront `<img>` traffic is never
 * throttled. Counts only on routes marked {@link WorkLimited} with the same policy (a render for a
 * document, a demo upload, are not the caller's plan's business); sets the IETF `RateLimit-Policy`
 * and `RateLimit` headers on that route's answer. Counters live in the throttler's storage (Redis
 * with REDIS_URL, so the limit holds across instances).
 */
@Injectable()
export class WorkQuota {
  constructor(
    // Absent in processes without the rate-limit storage (the CLI, job workers): nothing to count.
    @Optional() @InjectThrottlerStorage() private readonly storage: ThrottlerStorage | undefined,
    private readonly repo: PlansRepository,
    private readonly config: AppConfig,
  ) {}

  /** Counts one unit of `policy` work for the client; {@link WorkLimitReached} when over. */
  async take(clientId: string, policy: WorkPolicy): Promise<void> {
    const context = current.getStore();
    if (context?.policy !== policy || !this.storage) return;
    const client = await this.repo.findClientById(clientId);
    if (!client) return;
    const perPlan = this.config.planWorkPerMinute[policy];
    const limit = perPlan[client.plan] ?? perPlan[Plan.Standard] ?? Number.MAX_SAFE_INTEGER;
    const windowMs = WINDOW_SECONDS * 1000;
    const counted = await this.storage.increment(
      `${policy}:${client.handle}`,
      windowMs,
      limit,
      windowMs,
      policy,
    );
    const reset = Math.max(0, counted.isBlocked ? counted.timeToBlockExpire : counted.timeToExpire);
    const { res } = context;
    if (!res.headersSent) {
      res.setHeader('RateLimit-Policy', `"${policy}";q=${limit};w=${WINDOW_SECONDS}`);
      const remaining = Math.max(0, limit - counted.totalHits);
      res.setHeader('RateLimit', `"${policy}";r=${remaining};t=${reset}`);
    }
    if (counted.isBlocked)
      throw new WorkLimitReached(client.handle, policy, limit, Math.max(1, reset));
  }
}

function workInterceptor(policy: WorkPolicy): Type<NestInterceptor> {
  @Injectable()
  class WorkLimitedInterceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const res = context.switchToHttp().getResponse<Response>();
      // Subscribed inside the context, so the handler and all it awaits run in it.
      return new Observable((subscriber) =>
        current.run({ policy, res }, () => next.handle().subscribe(subscriber)),
      );
    }
  }
  return mixin(WorkLimitedInterceptor);
}

/**
 * The route's work counts against the client's plan under `policy` (see {@link WorkQuota}):
 * 429 with Retry-After beyond it, and the RateLimit headers on answers that were counted.
 */
export function WorkLimited(policy: WorkPolicy): MethodDecorator & ClassDecorator {
  const setting =
    policy === WorkPolicy.Render ? 'PLAN_RENDERS_PER_MINUTE' : 'PLAN_UPLOADS_PER_MINUTE';
  return applyDecorators(
    UseInterceptors(workInterceptor(policy)),
    ApiResponseHeaders(['*'], 'RateLimit', 'RateLimit-Policy'),
    ApiTextError(
      429,
      `Over the client's plan (${setting}, policy "${policy}"): only work is counted (${policy === WorkPolicy.Render ? 'a render or transformation served from the store is not' : 'each upload'}). Retry-After says when to retry; RateLimit-Policy and RateLimit describe the limit on counted answers.`,
      `Rate limit exceeded: client acme's plan allows 600 ${policy === WorkPolicy.Render ? 'cold renders or new transformations' : 'uploads'} per 60 s (policy ${policy}); retry in 12 s.`,
    ),
  );
}
