import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, Observable, throwError } from 'rxjs';
import { UnitOfWork } from '../persistence/unit-of-work';
import { Actor } from '../auth/actor';
import { ValidationFailed } from '../errors/domain-error';
import { IdempotencyService } from './idempotency.service';

export const KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/** Thrown out of the route's work when its key turns out to have a stored response. */
class ReplayStored extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super('the response stored for this Idempotency-Key is replayed');
  }
}

/**
 * Honours an optional `Idempotency-Key` header: the first successful response is stored and
 * replayed (with `Idempotent-Replayed: true`) for the same key and request; see IdempotencyService.
 * The route's work must run in a UnitOfWork, so that it commits together with the stored response;
 * the key is claimed when that work opens its transaction, after the request was validated.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly idempotency: IdempotencyService,
    private readonly uow: UnitOfWork,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { actor?: Actor }>();
    const res = http.getResponse<Response>();
    const header = req.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined) return next.handle();
    if (!KEY_PATTERN.test(key)) {
      return throwError(
        () => new ValidationFailed('Idempotency-Key must be 1 to 255 visible ASCII characters.'),
      );
    }
    const clientId = req.actor!.clientId;
    const route = `${req.method} ${req.baseUrl}${(req.route as { path?: string } | undefined)?.path ?? req.path}`;
    const hash = createHash('sha256')
      .update(`${route}\n${JSON.stringify(req.body ?? null)}`)
      // An uploaded file is not in `body`; its digest is (hashes of JSON requests are unchanged).
      .update(req.bodyFingerprint ? `\n${req.bodyFingerprint}` : '')
      .digest('hex');

    // One transaction for the claim, the work (its UnitOfWork joins this one) and the stored
    // response. It opens when the work first needs it: validating the body holds no connection.
    const outcome = this.uow
      .lazily(
        {
          begin: async () => {
            const claim = await this.idempotency.claim(clientId, key, hash);
            if (claim.kind === 'replay') throw new ReplayStored(claim.status, claim.body);
          },
          end: async (body: unknown) => {
            await this.idempotency.complete(clientId, key, hash, {
              status: res.statusCode,
              body: JSON.stringify(body ?? null),
            });
            return body;
          },
        },
        () => lastValueFrom(next.handle(), { defaultValue: undefined }),
      )
      .catch((err: unknown) => {
        if (!(err instanceof ReplayStored)) throw err;
        res.status(err.status).setHeader('Idempotent-Replayed', 'true');
        return JSON.parse(err.body) as unknown;
      });
    return from(outcome);
  }
}
