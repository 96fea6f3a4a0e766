import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiTextError } from '../openapi/api-text-error.decorator';
import { ApiResponseHeaders } from '../openapi/response-headers';
import { IdempotencyInterceptor, KEY_PATTERN } from './idempotency.interceptor';

/** Accepts an optional Idempotency-Key on this route, and documents it. */
export function Idempotent(): MethodDecorator {
  return applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiResponseHeaders(['2xx'], 'Idempotent-Replayed'),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Optional. The first successful response is stored for 24 h and replayed (with `Idempotent-Replayed: true`) ' +
        'for a retry with the same key and body. A failed request releases the key.',
      schema: { type: 'string', maxLength: 255, pattern: KEY_PATTERN.source },
    }),
    ApiTextError(
      409,
      'A request with the same Idempotency-Key is still being processed (or the purchase order was already submitted).',
    ),
    ApiTextError(422, 'The Idempotency-Key was already used for a different request.'),
  );
}
