import type { Request, Response } from 'express';
import type { Socket } from 'node:net';

/** How much of a refused request's body is read and thrown away so that its answer arrives. */
export interface UnreadBodyLimits {
  /** A body announced larger than this: the connection is closed as soon as it is answered. */
  maxBytes: number;
  /** The connection is closed at the latest this long after the answer. */
  timeoutMs: number;
}

/**
 * Closes the connection of a request answered before its body was read (a caller without a valid
 * token, a body refused by its headers), without decoding or parsing a byte of that body, in a way
 * its client can read the answer.
 *
 * Node answers with `Connection: close` and then calls `socket.destroySoon()`: a FIN after the
 * answer, then a close as soon as it is written. The rest of the body, still arriving, then meets
 * a closed socket: the kernel answers with a reset, and a client still writing gets EPIPE or
 * ECONNRESET, besides or instead of the answer (depending on what it reads first). So, for a body
 * of at most `maxBytes`, the socket is only ended (the FIN after the answer): Node's parser keeps
 * reading and discarding the rest of the request (it dumps a request nobody read), and the socket
 * closes once the client, having sent everything and read the answer, closes its side, or at the
 * latest after `timeoutMs`. A larger body is cut off at once, as before.
 */
export function closeAfterAnswer(req: Request, res: Response, limits: UnreadBodyLimits): void {
  res.setHeader('Connection', 'close');
  const declared = Number(req.headers['content-length']);
  if (declared > limits.maxBytes) return;
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    socket.end();
    const cut = setTimeout(() => socket.destroy(), limits.timeoutMs);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  };
}
