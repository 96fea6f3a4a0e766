import type { LookupAddress, LookupOptions } from 'node:dns';
import { IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest, RequestOptions } from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import type { OutboundAgents } from './outbound-agents';
import type { ResolvedTarget } from './outbound-target';

/** What a partner's endpoint answered to one delivery. */
export interface PostResult {
  status: number;
  /** The endpoint's Retry-After, in seconds from now (never negative), when it sent a valid one. */
  retryAfterSeconds: number | null;
  durationMs: number;
  /** up to 1 kB of the answer, for the delivery log */
  bodyExcerpt: string;
}

/** A delivery that got no HTTP answer: refused or reset connection, TLS failure, timeout. */
export class PostFailed extends Error {
  constructor(
    message: string,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

/** Bytes of the answer read at most: enough for any sensible reply, bounded for a hostile one. */
const MAX_READ_BYTES = 64 * 1024;
const EXCERPT_BYTES = 1024;
/**
 * Headers set from the target and body only: a caller's Host could point the request at another
 * virtual host than the checked URL names, and a wrong Content-Length would desynchronise it.
 */
const OWN_HEADERS = new Set(['host', 'content-length', 'transfer-encoding']);

/** Seconds from `now` a Retry-After value asks to wait (delta-seconds or HTTP-date), or null. */
function retryAfterSeconds(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
  // An HTTP-date always names a weekday and a month in letters; this keeps Date.parse's
  // leniency ('5', '2030') from reading other text as a date.
  if (!/^[A-Za-z]{3},? /.test(text)) return null;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A short sentence for a connection-level error, with Node's code where that is the clearest. */
function describe(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host is unreachable';
    default: {
      // A failed handshake surfaces as EPROTO with OpenSSL's error line; its reason part is the
      // readable bit ('wrong version number'). Certificate failures have a plain message and code.
      const openSsl = /error:[0-9A-Fa-f]+:[^:]*:[^:]*:([^:]+)/.exec(error.message);
      if (openSsl) return `the TLS handshake failed: ${openSsl[1]}`;
      const text = error.message.split('\n')[0].trim();
      return error.code ? `${text} (${error.code})` : text;
    }
  }
}

/**
 * One POST of `body` to a checked target (OutboundTargets.resolve), connecting to the pinned
 * `target.address` only: a `lookup` that always answers it replaces DNS, while the Host header,
 * TLS SNI and certificate check keep the URL's host name. Redirects are not followed (a 3xx is
 * just its status: following one would go to an unchecked URL). `timeoutMs` bounds the whole
 * exchange; at most 64 kB of the answer is read. Rejects with PostFailed when no answer came.
 * With `agents`, connections are kept alive in the target's own pool (see OutboundAgents); a kept
 * connection that the server closed just as it was reused is retried once on a fresh one.
 */
export async function postPinned(
  target: ResolvedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  agents?: OutboundAgents,
): Promise<PostResult> {
  const started = performance.now();
  try {
    return await postOnce(target, body, headers, timeoutMs, agents, started);
  } catch (err) {
    if (!(err instanceof StaleConnection)) throw err;
    return postOnce(
      target,
      body,
      headers,
      timeoutMs - (performance.now() - started),
      agents,
      started,
    );
  }
}

/** A kept-alive connection was closed by the server before it answered: nothing was processed. */
class StaleConnection extends Error {}

function postOnce(
  target: ResolvedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  agents: OutboundAgents | undefined,
  started: number,
): Promise<PostResult> {
  const elapsed = () => Math.round(performance.now() - started);
  const { url, address, family } = target;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const https = url.protocol === 'https:';

  const options: RequestOptions = {
    method: 'POST',
    hostname,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: {
      ...Object.fromEntries(
        Object.entries(headers).filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())),
      ),
      host: url.host,
      'content-length': String(Buffer.byteLength(body)),
    },
    agent: agents ? agents.for(target) : false,
    // With autoSelectFamily (Node's default) net asks for `all` addresses; else for one.
    lookup: (
      _host: string,
      opts: LookupOptions,
      done: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
    ) => (opts.all ? done(null, [{ address, family }]) : done(null, address, family)),
  };
  // SNI takes a name only (RFC 6066); for an IP literal Node checks the certificate's IP SANs.
  if (https && isIP(hostname) === 0) options.servername = hostname;

  return new Promise<PostResult>((resolve, reject) => {
    let settled = false;
    let answer: IncomingMessage | undefined;
    const excerpt = new StringDecoder('utf8');
    let bodyExcerpt = '';
    let read = 0;

    const finish = () => {
      if (settled || !answer) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        status: answer.statusCode ?? 0,
        retryAfterSeconds: retryAfterSeconds(answer.headers['retry-after'], Date.now()),
        durationMs: elapsed(),
        bodyExcerpt,
      });
    };
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new PostFailed(message, elapsed()));
    };

    // Covers connecting, TLS, sending and the answer: a socket timeout only measures idleness,
    // so an endpoint trickling bytes would hold a delivery open indefinitely.
    const timer = setTimeout(() => {
      // Once the status line and headers are in, that is the answer; the rest is only excerpt.
      if (answer) finish();
      else fail(`no answer within ${timeoutMs} ms`);
      req.destroy();
    }, timeoutMs);

    const req = (https ? httpsRequest : httpRequest)(options, (res) => {
      answer = res;
      res.on('data', (chunk: Buffer) => {
        if (read < EXCERPT_BYTES)
          // The decoder holds back a character cut at the 1 kB mark rather than mangling it.
          bodyExcerpt += excerpt.write(chunk.subarray(0, EXCERPT_BYTES - read));
        read += chunk.length;
        if (read >= MAX_READ_BYTES) {
          finish();
          // Nothing more of the answer is wanted; this also closes the connection.
          res.destroy();
        }
      });
      res.on('end', finish);
      // A connection cut mid-answer still leaves the status, which is what the delivery is about.
      res.on('close', finish);
      res.on('error', finish);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && !answer && error.code === 'ECONNRESET' && !settled) {
        settled = true;
        clearTimeout(timer);
        reject(new StaleConnection());
      } else fail(describe(error));
    });
    req.end(body);
  });
}
