import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request } from 'express';
import { Observable, throwError } from 'rxjs';
import { AppConfig } from '../config/app-config';
import { TooManyLineItems } from './orders.errors';

/** The line items an order of the body names, as sent (lineItems, or the legacy recipeSets). */
function lineItemsOf(order: unknown): number {
  if (typeof order !== 'object' || order === null) return 0;
  const { lineItems, recipeSets } = order as { lineItems?: unknown; recipeSets?: unknown };
  return (
    (Array.isArray(lineItems) ? lineItems.length : 0) +
    (Array.isArray(recipeSets) ? recipeSets.length : 0)
  );
}

/**
 * Bounds the work one acknowledgement request can cause: over MAX_REQUEST_LINE_ITEMS line items
 * in all its orders it is 413, counted on the parsed body before anything validates it (the
 * body's size limit alone lets through about 180,000 small line items).
 */
@Injectable()
export class LineItemLimitInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const body: unknown = context.switchToHttp().getRequest<Request>().body;
    const orders = Array.isArray(body) ? body : [body];
    let count = 0;
    for (const order of orders) count += lineItemsOf(order);
    const max = this.config.maxRequestLineItems;
    if (count > max) return throwError(() => new TooManyLineItems(count, max));
    return next.handle();
  }
}
