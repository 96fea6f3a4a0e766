import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { Response } from 'express';
import { catchError, Observable, throwError } from 'rxjs';

export const RESOURCE_POLICY_HEADER = 'Cross-Origin-Resource-Policy';
/** The policy of what any site may embed (`<img>`, canvas): images and redirects to them. */
export const CROSS_ORIGIN = 'cross-origin';

/**
 * Lets a route's answers be embedded by any site: every response gets `same-origin` from
 * securityHeaders, which Chromium enforces on `<img>` of another origin
 * (`ERR_BLOCKED_BY_RESPONSE.NotSameOrigin`), redirects included. The route's own answers (an
 * image, a 302 to one, a 304) become `cross-origin`; an error answer keeps the policy of every
 * other answer, as blobs' do (see BLOB_SECURITY_HEADERS).
 */
@Injectable()
export class CrossOriginResourceInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    const before = res.getHeader(RESOURCE_POLICY_HEADER);
    res.setHeader(RESOURCE_POLICY_HEADER, CROSS_ORIGIN);
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (!res.headersSent) {
          if (before === undefined) res.removeHeader(RESOURCE_POLICY_HEADER);
          else res.setHeader(RESOURCE_POLICY_HEADER, before);
        }
        return throwError(() => err);
      }),
    );
  }
}

/**
 * Marks a controller or route whose answers are resources for other sites' pages: signed render
 * URLs and share images in `<img>` tags of storefronts and web mail. Only for answers that carry
 * no ambient authority (no cookies): a token header, a signature or a capability in the URL.
 */
export const CrossOriginResource = (): ClassDecorator & MethodDecorator =>
  applyDecorators(UseInterceptors(CrossOriginResourceInterceptor));
