import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { Actor } from './actor';
import { cookie } from './form-guard';

/**
 * The console's session cookie (docs/design.md §3). Served over HTTPS (`req.secure`, also behind a
 * proxy that says so, or a `https:` BASE_URL) it is `__Host-pci_session`: Secure, Path=/, no
 * Domain, so no other host or plain-HTTP page can set or shadow it; only that name is read then.
 * Over plain HTTP (local development) it is `pci_session`. Always HttpOnly and SameSite=Strict.
 */
export const SESSION_COOKIE = 'pci_session';
export const SECURE_SESSION_COOKIE = '__Host-pci_session';
/** The header an unsafe request under a session must carry its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/** Whether the request reached the service over HTTPS (directly or as its proxy tells). */
export function overHttps(req: Request, baseUrl: string): boolean {
  return req.secure || baseUrl.startsWith('https:');
}

/** The session the request's cookie carries, or undefined. */
export function presentedSession(req: Request, https: boolean): string | undefined {
  const value = cookie(req.headers.cookie, https ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
  return value || undefined;
}

export function setSessionCookie(res: Response, https: boolean, session: string, maxAgeMs: number) {
  res.cookie(https ? SECURE_SESSION_COOKIE : SESSION_COOKIE, session, {
    httpOnly: true,
    sameSite: 'strict',
    secure: https,
    path: '/',
    maxAge: maxAgeMs,
  });
}

export function clearSessionCookie(res: Response, https: boolean): void {
  res.clearCookie(https ? SECURE_SESSION_COOKIE : SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: https,
    path: '/',
  });
}

/**
 * The CSRF token of a session: an HMAC keyed by the session's secret, so it is never stored, the
 * console can ask for it again after a reload (GET /api/session), and no one without the cookie
 * can make it. Another site can neither read it nor set the header on a cross-site request.
 */
export function csrfTokenOf(session: string): string {
  return createHmac('sha256', session).update('pci csrf v1').digest('base64url');
}

export function csrfMatches(session: string, presented: string | string[] | undefined): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(session));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Methods that change nothing: the only ones a session may use without its CSRF token. */
export function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/** Resolves a session cookie to its caller; implemented by the users module (src/users/sessions). */
export abstract class SessionAuthenticator {
  /** The caller while the session is valid (not ended, not idle or past its lifetime, its user active). */
  abstract authenticate(session: string, now: Date): Promise<Actor | undefined>;
}
