import { Injectable } from '@nestjs/common';
import { UserRole, UserStatus } from '../../clients';
import { Actor } from '../../common/auth/actor';
import { csrfTokenOf, SessionAuthenticator } from '../../common/auth/console-session';
import { Role } from '../../common/auth/role';
import { Clock } from '../../common/clock/clock';
import { capabilityHash, looksLikeCapability, newCapability } from '../../common/crypto/capability';
import { AppConfig } from '../../config/app-config';
import { CredentialsService } from '../credentials.service';
import { CredentialsDto } from '../dto/user.dto';
import { SessionDto } from './session.dto';
import { SessionRequired, SignInFailed } from './sessions.errors';
import { OpenSession, SessionsRepository } from './sessions.repository';
import { SessionEnd } from './user-session.entity';

/** A request's last-seen time is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

/** A new session: its secret goes into the cookie and nowhere else. */
export interface SignedIn {
  session: string;
  view: SessionDto;
  maxAgeMs: number;
}

/**
 * Console sessions (docs/design.md §3): a user signs in with e-mail and password, checked by the
 * credential check's rules (the same throttling and lockout), and gets a new random session
 * (never one the browser brought: that one ends). A session acts as its user, with the user's
 * current role, while the user is active; it ends on sign-out, when its user is disabled, after
 * SESSION_IDLE_MINUTES without a request, and SESSION_LIFETIME_HOURS after sign-in.
 */
@Injectable()
export class SessionsService extends SessionAuthenticator {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly credentials: CredentialsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  private get settings() {
    return this.config.users.sessions;
  }

  async signIn(
    input: CredentialsDto,
    source: string,
    userAgent: string | undefined,
    presented: string | undefined,
  ): Promise<SignedIn> {
    const userId = await this.credentials.check(input, source);
    if (!userId) throw new SignInFailed();
    const now = this.clock.now();
    // Whatever session the browser brought ends: a session is never carried across a sign-in.
    if (presented) await this.repo.endByHash(capabilityHash(presented), SessionEnd.Replaced, now);
    const { token, hash } = newCapability();
    await this.repo.insert({
      sessionHash: hash,
      userId,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.settings.lifetimeMs),
      source: source.slice(0, 64),
      userAgent: userAgent ? userAgent.slice(0, 200) : null,
    });
    const open = await this.open(token, now);
    // The user was disabled between the check and now: the new session is already of no use.
    if (!open) throw new SignInFailed();
    return { session: token, view: this.view(open, token), maxAgeMs: this.settings.lifetimeMs };
  }

  async authenticate(session: string, now: Date): Promise<Actor | undefined> {
    const open = await this.open(session, now);
    if (!open) return undefined;
    if (now.getTime() - open.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
      await this.repo.touch(open.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
    return actorOf(open);
  }

  /** GET /api/session: the caller's session, with its CSRF token. */
  async current(actor: Actor, session: string | undefined): Promise<SessionDto> {
    const open = session && actor.sessionId ? await this.open(session, this.clock.now()) : null;
    if (!open || open.id !== actor.sessionId) throw new SessionRequired();
    return this.view(open, session!);
  }

  /** Ends this session (sign-out); nothing happens for one that has ended already. */
  async signOut(session: string | undefined): Promise<void> {
    if (session && looksLikeCapability(session))
      await this.repo.endByHash(capabilityHash(session), SessionEnd.SignedOut, this.clock.now());
  }

  /** Ends every session of the caller's user, this one too; how many. */
  async signOutEverywhere(actor: Actor): Promise<number> {
    if (!actor.userId) throw new SessionRequired();
    return this.endAllOfUser(actor.userId, SessionEnd.SignedOutEverywhere);
  }

  /** Ends every session of a user (disabled, password changed); in the caller's unit of work. */
  endAllOfUser(userId: string, reason: SessionEnd): Promise<number> {
    return this.repo.endAllOfUser(userId, reason, this.clock.now());
  }

  private async open(session: string, now: Date): Promise<OpenSession | null> {
    if (!looksLikeCapability(session)) return null;
    const idleSince = new Date(now.getTime() - this.settings.idleMs);
    const open = await this.repo.findOpen(capabilityHash(session), now, idleSince);
    return open && open.user.status === UserStatus.Active ? open : null;
  }

  private view(open: OpenSession, session: string): SessionDto {
    const { user } = open;
    return {
      user: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
      },
      client: { handle: user.client.handle, name: user.client.name, sandbox: user.client.sandbox },
      csrfToken: csrfTokenOf(session),
      expiresAt: open.expiresAt.toISOString(),
      idleTimeoutSeconds: Math.round(this.settings.idleMs / 1000),
    };
  }
}

/** The caller a session acts as: its user, with the user's role now. */
function actorOf(open: OpenSession): Actor {
  const { user } = open;
  return {
    clientId: user.clientId,
    clientHandle: user.client.handle,
    role: user.role === UserRole.Admin ? Role.Admin : Role.User,
    // What the API records as the caller (an order's submittedBy): the user.
    tokenId: user.id,
    sandbox: user.client.sandbox,
    userId: user.id,
    sessionId: open.id,
  };
}
