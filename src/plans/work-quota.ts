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
import type { RedisThrottlerStorage } from '../common/rate-limits/redis-throttler-storage';
import { PlansRepository } from './plans.repository';

/** The plan policies that count work (not requests), and their names in the RateLimit headers. */
export enum WorkPolicy {
  /** Cold renders and new transformations (a stored render or transform costs nothing). */
  Render = 'render',
  Upload = 'upload',
  /**
   * What uploads cost to normalise, in megapixels of JPEG (upload-cost.ts), counted on the upload
   * route beside `upload`: a few uploads dear to decode weigh as much as many cheap ones.
   */
  UploadCost = 'upload-cost',
}

/** The policies counted on a route marked with `policy` (one route, several limits). */
const COUNTED_ON: Record<WorkPolicy, WorkPolicy> = {
  [WorkPolicy.Render]: WorkPolicy.Render,
  [WorkPolicy.Upload]: WorkPolicy.Upload,
  [WorkPolicy.UploadCost]: WorkPolicy.Upload,
};

/** The setting of each policy's limits per plan. */
const SETTING: Record<WorkPolicy, string> = {
  [WorkPolicy.Render]: 'PLAN_RENDERS_PER_MINUTE',
  [WorkPolicy.Upload]: 'PLAN_UPLOADS_PER_MINUTE',
  [WorkPolicy.UploadCost]: 'PLAN_UPLOAD_COST_PER_MINUTE',
};

const WINDOW_SECONDS = 60;

/** The route a request came in on, and the policy it opted into with {@link WorkLimited}. */
interface WorkContext {
  policy: WorkPolicy;
  res: Response;
  /** The RateLimit-Policy and RateLimit entries of the policies counted so far, by policy. */
  headers: Map<WorkPolicy, { policy: string; limit: string }>;
}
const current = new AsyncLocalStorage<WorkContext>();

/** Over the plan's work per minute: 429 with Retry-After. */
export class WorkLimitReached extends DomainError {
  constructor(handle: string, policy: WorkPolicy, limit: number, retryAfterSeconds: number) {
    super(
      'RATE_LIMITED',
      ErrorKind.RateLimited,
      `Rate limit exceeded: client ${handle}'s plan allows ${limitText(policy, limit)} per ${WINDOW_SECONDS} s (policy ${policy}, ${SETTING[policy]}); retry in ${retryAfterSeconds} s.`,
      { retryAfterSeconds },
    );
  }
}

function limitText(policy: WorkPolicy, limit: number): string {
  switch (policy) {
    case WorkPolicy.Render:
      return `${limit} ${limit === 1 ? 'cold render or new transformation' : 'cold renders or new transformations'}`;
    case WorkPolicy.Upload:
      return `${limit} ${limit === 1 ? 'upload' : 'uploads'}`;
    case WorkPolicy.UploadCost:
      return `uploads costing ${limit} megapixels of JPEG to normalise (pixels weighted by format, MAX_UPLOAD_COST)`;
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

  /**
   * Counts `units` of `policy` work for the client (one render, one upload, an upload's cost);
   * {@link WorkLimitReached} when over.
   */
  async take(clientId: string, policy: WorkPolicy, units = 1): Promise<void> {
    const context = current.getStore();
    if (context?.policy !== COUNTED_ON[policy] || !this.storage) return;
    const client = await this.repo.findClientById(clientId);
    if (!client) return;
    const perPlan = this.config.planWorkPerMinute[policy];
    const limit = perPlan[client.plan] ?? perPlan[Plan.Standard] ?? Number.MAX_SAFE_INTEGER;
    const windowMs = WINDOW_SECONDS * 1000;
    const key = `${policy}:${client.handle}`;
    const counted = isWeighted(this.storage)
      ? await this.storage.incrementBy(key, units, windowMs, limit, windowMs, policy)
      : await this.storage.increment(key, windowMs, limit, windowMs, policy);
    const reset = Math.max(0, counted.isBlocked ? counted.timeToBlockExpire : counted.timeToExpire);
    const { res, headers } = context;
    const remaining = Math.max(0, limit - counted.totalHits);
    headers.set(policy, {
      policy: `"${policy}";q=${limit};w=${WINDOW_SECONDS}`,
      limit: `"${policy}";r=${remaining};t=${reset}`,
    });
    if (!res.headersSent) {
      // Structured-field lists (draft-ietf-httpapi-ratelimit-headers): every policy counted.
      res.setHeader('RateLimit-Policy', [...headers.values()].map((h) => h.policy).join(', '));
      res.setHeader('RateLimit', [...headers.values()].map((h) => h.limit).join(', '));
    }
    if (counted.isBlocked)
      throw new WorkLimitReached(client.handle, policy, limit, Math.max(1, reset));
  }
}

/** A storage that adds more than one hit at a time (the service's own: RedisThrottlerStorage). */
function isWeighted(
  storage: ThrottlerStorage,
): storage is ThrottlerStorage & Pick<RedisThrottlerStorage, 'incrementBy'> {
  return typeof (storage as Partial<RedisThrottlerStorage>).incrementBy === 'function';
}

function workInterceptor(policy: WorkPolicy): Type<NestInterceptor> {
  @Injectable()
  class WorkLimitedInterceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const res = context.switchToHttp().getResponse<Response>();
      // Subscribed inside the context, so the handler and all it awaits run in it.
      return new Observable((subscriber) =>
        current.run({ policy, res, headers: new Map() }, () => next.handle().subscribe(subscriber)),
      );
    }
  }
  return mixin(WorkLimitedInterceptor);
}

/**
 * The route's work counts against the client's plan under `policy` (see {@link WorkQuota}):
 * 429 with Retry-After beyond it, and the RateLimit headers on answers that were counted.
 */
export function WorkLimited(
  policy: WorkPolicy.Render | WorkPolicy.Upload,
): MethodDecorator & ClassDecorator {
  const counted =
    policy === WorkPolicy.Render
      ? 'only work is counted (a render or transformation served from the store is not)'
      : `each upload is counted, and what it costs to normalise under policy "${WorkPolicy.UploadCost}" (${SETTING[WorkPolicy.UploadCost]})`;
  return applyDecorators(
    UseInterceptors(workInterceptor(policy)),
    ApiResponseHeaders(['*'], 'RateLimit', 'RateLimit-Policy'),
    ApiTextError(
      429,
      `Over the client's plan (${SETTING[policy]}, policy "${policy}"): ${counted}. Retry-After says when to retry; RateLimit-Policy and RateLimit describe the limits counted for the answer.`,
      `Rate limit exceeded: client acme's plan allows ${limitText(policy, 600)} per 60 s (policy ${policy}, ${SETTING[policy]}); retry in 12 s.`,
    ),
  );
}
