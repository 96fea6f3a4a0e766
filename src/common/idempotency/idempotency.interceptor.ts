import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { catchError, from, mergeMap, Observable, of, throwError } from 'rxjs';
import { Actor } from '../auth/actor';
import { ValidationFailed } from '../errors/domain-error';
import { IdempotencyService } from './idempotency.service';

export const KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/**
 * Honours an optional `Idempotency-Key` header: the first successful response is stored and
 * replayed (with `Idempotent-Replayed: true`) for the same key and request; see IdempotencyService.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

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
      .digest('hex');

    return from(this.idempotency.claim(clientId, key, hash)).pipe(
      mergeMap((claim) => {
        if (claim.kind === 'replay') {
          res.status(claim.status).setHeader('Idempotent-Replayed', 'true');
          return of(JSON.parse(claim.body) as unknown);
        }
        return next.handle().pipe(
          mergeMap(async (body: unknown) => {
            await this.idempotency.complete(
              clientId,
              key,
              res.statusCode,
              JSON.stringify(body ?? null),
            );
            return body;
          }),
          catchError((err: unknown) =>
            from(this.idempotency.release(clientId, key)).pipe(
              mergeMap(() => throwError(() => err)),
            ),
          ),
        );
      }),
    );
  }
}
