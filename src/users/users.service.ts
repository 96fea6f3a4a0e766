import { Injectable } from '@nestjs/common';
import { TokensService } from '../clients';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { Clock } from '../common/clock/clock';
import { newCapability } from '../common/crypto/capability';
import { PasswordHasher } from '../common/crypto/password-hasher';
import { ValidationFailed } from '../common/errors/domain-error';
import { messageLocale, MessageOutbox, MessageQuota } from '../messages';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { isUniqueViolation } from '../common/persistence/pg-errors';
import { isUuid } from '../common/validation/uuid';
import { AppConfig } from '../config/app-config';
import { InviteUserDto, UpdateUserDto, UserDto } from './dto/user.dto';
import { UserRole, UserStatus } from '../clients';
import { invitationMessage } from './invitation-message';
import { passwordProblems } from './password-policy';
import { userDto } from './users.mapper';
import {
  EmailAmbiguous,
  EmailInUse,
  InvitationDailyLimitReached,
  UserNotFound,
} from './users.errors';
import { UserRow, UsersRepository } from './users.repository';
import { SessionsService } from './sessions/sessions.service';
import { SessionEnd } from './sessions/user-session.entity';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The path of the acceptance page; the link adds the invitation's token. */
export const INVITATION_PATH = '/invitation/';

/**
 * Users of a client account: invitations (an e-mail with a single-use link, written to the outbox
 * in the same transaction as the user), resending them, listing, disabling and enabling.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: MessageOutbox,
    private readonly quota: MessageQuota,
    private readonly tokens: TokensService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * Invites a user, unless the address is one of the caller's client already (409). An address is
   * a user at most once per client (docs/design.md §3): an invitation, accepted or not, by
   * another client never stops this one, which is stored and sent like any other. So an Admin
   * learns nothing of where else an address is used, and no client can reserve one.
   */
  async invite(actor: Actor, input: InviteUserDto): Promise<UserDto> {
    const email = input.email.toLowerCase();
    const link = newCapability();
    const now = this.clock.now();
    try {
      return await this.uow.run(async () => {
        if (await this.repo.findInClient(actor.clientId, email)) throw new EmailInUse();
        const { id } = await this.repo.insert({
          ...newUser(actor, input, email, now),
          status: UserStatus.Invited,
          passwordHash: null,
          invitationTokenHash: link.hash,
          invitationExpiresAt: this.expiry(now),
          acceptedAt: null,
        });
        const user = (await this.repo.find(id))!;
        await this.sendInvitation(user, link.token);
        return userDto(user);
      });
    } catch (err) {
      // Two invitations of one address by one client at the same time: the second meets the index.
      if (isUniqueViolation(err, 'UQ_app_user_client_email')) throw new EmailInUse();
      throw err;
    }
  }

  /**
   * A user who signs in at once with `password` (it meets the acceptance page's policy), with no
   * invitation sent: the demo's console user, whose password start-up writes to an owner-only file.
   */
  async createActive(actor: Actor, input: InviteUserDto, password: string): Promise<UserDto> {
    const email = input.email.toLowerCase();
    const problems = passwordProblems(password, password, email);
    if (problems.length) throw new ValidationFailed(`password: ${problems.join(', ')}.`);
    const passwordHash = await this.hasher.hash(password);
    const now = this.clock.now();
    return this.uow.run(async () => {
      if (await this.repo.findInClient(actor.clientId, email)) throw new EmailInUse();
      const { id } = await this.repo.insert({
        ...newUser(actor, input, email, now),
        status: UserStatus.Active,
        passwordHash,
        invitationTokenHash: null,
        invitationExpiresAt: null,
        acceptedAt: now,
      });
      return userDto((await this.repo.find(id))!);
    });
  }

  /**
   * Sends the invitation again with a new link (the old one stops working) when the user has not
   * accepted it; nothing happens for an active or disabled user.
   */
  async resend(actor: Actor, userId: string): Promise<void> {
    await this.uow.run(async () => {
      const user = this.owned(actor, userId, isUuid(userId) ? await this.repo.lock(userId) : null);
      if (user.status !== UserStatus.Invited) return;
      const link = newCapability();
      const now = this.clock.now();
      const changes = {
        invitationTokenHash: link.hash,
        invitationExpiresAt: this.expiry(now),
        invitedAt: now,
        updatedAt: now,
      };
      await this.repo.update(user.id, changes);
      await this.sendInvitation({ ...user, ...changes }, link.token);
    });
  }

  async list(
    actor: Actor,
    status: UserStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<{ users: UserDto[]; total: number }> {
    const [rows, total] = await this.repo.list(actor.clientId, status, offset, limit);
    return { users: rows.map(userDto), total };
  }

  async get(actor: Actor, userId: string): Promise<UserDto> {
    return userDto(this.owned(actor, userId, isUuid(userId) ? await this.repo.find(userId) : null));
  }

  /**
   * The id of the user with this id or e-mail address, in whichever client (for operators, who
   * name users either way): by address, the one user who has it, else the live user who signs in
   * with it; UserNotFound when there is none, EmailAmbiguous when several clients invited it.
   */
  async userIdOf(idOrEmail: string): Promise<string> {
    const key = idOrEmail.trim();
    if (isUuid(key)) {
      const user = await this.repo.find(key);
      if (!user) throw new UserNotFound(key);
      return user.id;
    }
    const email = key.toLowerCase();
    const users = await this.repo.findAllByEmail(email);
    if (users.length === 0) throw new UserNotFound(key);
    if (users.length === 1) return users[0].id;
    const signsIn = await this.repo.findSignIn(email);
    if (signsIn) return signsIn.id;
    throw new EmailAmbiguous(users.length);
  }

  /** Disables or enables a user, or changes the role; a disabled user's tokens stop at once. */
  async update(actor: Actor, userId: string, input: UpdateUserDto): Promise<UserDto> {
    let tokenIds: string[] = [];
    await this.uow.run(async (tx) => {
      const user = this.owned(actor, userId, isUuid(userId) ? await this.repo.lock(userId) : null);
      const status =
        input.status === UserStatus.Active && !user.passwordHash
          ? UserStatus.Invited
          : input.status;
      await this.repo.update(user.id, {
        ...(status ? { status } : {}),
        // A disabled user's open invitation ends: enabling again needs a new one (resend).
        ...(status === UserStatus.Disabled
          ? { invitationTokenHash: null, invitationExpiresAt: null }
          : {}),
        ...(input.role ? { role: input.role } : {}),
        updatedAt: this.clock.now(),
      });
      // A disabled user's console sessions end with it (enabling again does not revive them).
      if (status === UserStatus.Disabled)
        await this.sessions.endAllOfUser(user.id, SessionEnd.UserDisabled);
      tokenIds = await this.repo.tokenIds(user.id);
      tx.afterCommit(() => this.tokens.forget(tokenIds));
    });
    return this.get(actor, userId);
  }

  private owned(actor: Actor, userId: string, user: UserRow | null): UserRow {
    return ClientAccess.owned(actor, user, () => new UserNotFound(userId));
  }

  private expiry(now: Date): Date {
    return new Date(now.getTime() + this.config.users.invitationDays * DAY_MS);
  }

  /** Counts one invitation e-mail against the client's daily cap, or 429 past it. */
  private async claimInvitation(clientId: string, now: Date): Promise<void> {
    const limit = this.config.users.invitationDailyLimit;
    const claim = await this.quota.claim(clientId, 'invitation', 1, limit, now);
    if (!claim.granted) throw new InvitationDailyLimitReached(limit, now);
  }

  private async sendInvitation(user: UserRow, token: string): Promise<void> {
    await this.claimInvitation(user.clientId, this.clock.now());
    await this.outbox.enqueue([
      invitationMessage({
        clientId: user.clientId,
        clientName: user.client.name,
        to: user.email,
        firstName: user.firstName,
        locale: user.locale,
        link: `${this.config.baseUrl}${INVITATION_PATH}${token}`,
        days: this.config.users.invitationDays,
      }),
    ]);
  }
}

/** What every new user row of the caller's client has, whether invited or active at once. */
function newUser(actor: Actor, input: InviteUserDto, email: string, now: Date) {
  return {
    clientId: actor.clientId,
    email,
    sandbox: actor.sandbox,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    role: input.role ?? UserRole.User,
    locale: messageLocale(input.locale),
    invitedAt: now,
    updatedAt: now,
  };
}
