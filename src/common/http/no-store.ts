import { NextFunction, Request, Response } from 'express';

/**
 * Every response is `Cache-Control: no-store` unless its route says otherwise: answers carry one
 * client's data (orders with names and addresses, API tokens, the client account, error texts that
 * echo input), which neither a shared cache nor the browser may keep. A route whose answer may be
 * cached sets its own header (`@Header('Cache-Control', …)`), which replaces this default.
 */
export function noStoreByDefault(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
