import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Takes `X-Request-Id` from the caller when it is a sane token, else generates one, and echoes it
 * on every response. Runs first, so even body-parser errors carry it.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  res.setHeader('X-Request-Id', id);
  next();
}

/** The current request's id (see requestIdMiddleware). */
export const RequestId = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string | null => {
    const id = ctx.switchToHttp().getRequest<Request>().id;
    return typeof id === 'string' ? id : null;
  },
);
