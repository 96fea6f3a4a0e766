import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { actsForAnyClient, Actor } from '../common/auth/actor';
import { pathAmbiguity, rawPathOf } from '../common/auth/unambiguous-path';
import { TokenAuthenticator } from '../common/auth/token-authenticator';
import { presentedToken } from '../common/auth/token-header';
import { Clock } from '../common/clock/clock';
import { capabilityHash, looksLikeCapability, newCapability } from '../common/crypto/capability';
import { cookie } from '../common/auth/form-guard';
import { AppConfig } from '../config/app-config';
import { AvailabilityRepository } from './availability.repository';

/** The cookie of a signed-in browser, sent only to the availability pages. */
export const SESSION_COOKIE = 'pci_availability';
export const PAGES_PATH = '/availability';
/** How long a sign-in lasts. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

/** Who is asking for a page: the token's caller, or none and why. */
export type PageCaller = { actor: Actor } | { actor?: undefined; reason: 'missing' | 'invalid' };

/**
 * Who may see the availability pages: a request carries the API token in its header (scripts),
 * or the session cookie of a browser that signed in with one. A session is a random capability
 * stored hashed; it acts as its token only while that token is still valid (checked on each use),
 * until it expires or is signed out. Neither the token nor the cookie is ever logged.
 */
@Injectable()
export class PageSessions {
  constructor(
    private readonly repo: AvailabilityRepository,
    private readonly authenticator: TokenAuthenticator,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async caller(req: Request): Promise<PageCaller> {
    const token = presentedToken(req.headers, this.config.tokenHeaders);
    if (token) {
      const actor = await this.authenticator.authenticate(token);
      return actor ? { actor } : { reason: 'invalid' };
    }
    const session = cookie(req.headers.cookie, SESSION_COOKIE);
    if (!session) return { reason: 'missing' };
    if (!looksLikeCapability(session)) return { reason: 'invalid' };
    const row = await this.repo.activeSession(capabilityHash(session), this.clock.now());
    const actor = row ? await this.authenticator.authenticateTokenId(row.tokenId) : undefined;
    return actor ? { actor } : { reason: 'invalid' };
  }

  /** Exchanges a valid token for a session and sets its cookie; undefined when the token is not valid. */
  async signIn(req: Request, res: Response, token: string): Promise<Actor | undefined> {
    const actor = token ? await this.authenticator.authenticate(token) : undefined;
    if (!actor) return undefined;
    const { token: session, hash } = newCapability();
    const expiresAt = new Date(this.clock.now().getTime() + SESSION_LIFETIME_MS);
    await this.repo.insertSession({ sessionHash: hash, tokenId: actor.tokenId, expiresAt });
    res.cookie(SESSION_COOKIE, session, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: PAGES_PATH,
      maxAge: SESSION_LIFETIME_MS,
    });
    return actor;
  }

  /** Ends the browser's session (it no longer works, even if the cookie were kept). */
  async signOut(req: Request, res: Response): Promise<void> {
    const session = cookie(req.headers.cookie, SESSION_COOKIE);
    if (session && looksLikeCapability(session))
      await this.repo.revokeSession(capabilityHash(session), this.clock.now());
    res.clearCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: PAGES_PATH,
    });
  }
}

/**
 * Where to go after signing in: a page under /availability on this origin, as a browser will
 * request it; anything else goes to the caller's own page. The path is checked as given and once
 * percent-decoded: a browser resolves `%2e%2e` like `..` and `\` like `/`, so a path holding a
 * backslash, a dot or empty segment, or an encoded `.`, `/` or `\` (also doubly encoded) could
 * leave the pages; it is dropped, not repaired.
 */
export function safeNext(next: unknown, actor: Actor): string {
  const fallback = actsForAnyClient(actor)
    ? PAGES_PATH
    : `${PAGES_PATH}/details/${encodeURIComponent(actor.clientHandle)}`;
  if (typeof next !== 'string' || next.length > 500) return fallback;
  const path = rawPathOf(next);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return fallback;
  }
  if (
    !/^\/availability(?:\/|$)/i.test(path) ||
    pathAmbiguity(path) !== undefined ||
    pathAmbiguity(decoded) !== undefined ||
    /\/availability\/sign-/i.test(decoded) ||
    // The query stays on the page, but not a fragment or anything a parser would split off.
    /[\\\s#]/.test(next)
  )
    return fallback;
  return next;
}
