import { Injectable } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * A graceful stop of the HTTP server. `http.Server.close()` closes idle keep-alive connections at
 * once, so a request a client is sending on one at that moment is lost (a reset, which clients do
 * not retry for a POST); and it never finishes while keep-alive clients keep sending requests. So,
 * once draining: the server stops listening but leaves open connections alone, every response
 * asks its client to close the connection, connections end as their clients close them (or as
 * they time out idle), and those still open after the grace period are cut.
 */
@Injectable()
export class ConnectionDrain {
  private draining = false;

  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    if (this.draining) res.setHeader('Connection', 'close');
    next();
  };

  /** Resolves once every connection has ended, at the latest after `graceMs`. */
  drain(server: Server, graceMs: number): Promise<void> {
    this.draining = true;
    return new Promise((resolve) => {
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      cut.unref();
      // net.Server's close: no new connections; 'close' once the open ones have ended.
      NetServer.prototype.close.call(server, () => {
        clearTimeout(cut);
        resolve();
      });
    });
  }
}
