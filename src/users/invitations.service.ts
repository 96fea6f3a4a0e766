import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { EventRecorder } from '../common/events/event-recorder';
import { capabilityHash, looksLikeCapability } from '../common/crypto/capability';
import { PasswordHasher } from '../common/crypto/password-hasher';
import { messageLocale, MessageLocale } from '../messages';
import { isUniqueViolation } from '../common/persistence/pg-errors';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { UserStatus } from '../clients';
import { PasswordProblem, passwordProblems } from './password-policy';
import { UserRow, UsersRepository } from './users.repository';

/** An open invitation, as its acceptance page shows it. */
export interface OpenInvitation {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  clientName: string;
  /** Where the client's users sign in (its setting), for the success page; null: none. */
  signInUrl: string | null;
  locale: MessageLocale;
}

export interface Acceptance {
  firstName: string;
  lastName: string;
  password: string;
  confirmation: string;
}

/** What the acceptance page asks to change (`address-in-use`: nothing the invitee can change). */
export type AcceptanceProblem = PasswordProblem | 'names-too-long' | 'address-in-use';

export type AcceptanceResult =
  | { accepted: true; locale: MessageLocale }
  | { accepted: false; problems: AcceptanceProblem[] }
  | { accepted: false; dead: true };

/**
 * The acceptance of an invitation through its link: the link's token finds the invited user while
 * the invitation is open (not expired, not replaced by a newer one, not used); setting a password
 * that meets the policy activates the user and ends the invitation.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly uow: UnitOfWork,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
  ) {}

  /** The open invitation the token belongs to, or undefined. */
  async open(token: string): Promise<OpenInvitation | undefined> {
    if (!looksLikeCapability(token)) return undefined;
    const user = await this.repo.findByInvitation(capabilityHash(token));
    return user && this.isOpen(user) ? view(user) : undefined;
  }

  /** Sets the password of the invitation `open` found for `token` (checked again, locked). */
  async accept(
    token: string,
    invitation: OpenInvitation,
    input: Acceptance,
  ): Promise<AcceptanceResult> {
    const problems: AcceptanceProblem[] = passwordProblems(
      input.password,
      input.confirmation,
      invitation.email,
    );
    if (input.firstName.length > 100 || input.lastName.length > 100)
      problems.push('names-too-long');
    if (problems.length) return { accepted: false, problems };
    // Hashed before the transaction: no row stays locked for the ~50 ms it takes.
    const passwordHash = await this.hasher.hash(input.password);
    try {
      return await this.acceptOpen(token, input, passwordHash);
    } catch (err) {
      // Two live clients' invitations of one address accepted at once: the second meets the index.
      if (!isUniqueViolation(err, 'UQ_app_user_live_email')) throw err;
      return { accepted: false, problems: ['address-in-use'] };
    }
  }

  /**
   * A live user signs in with an address at most once in the live world (check-credentials names
   * no client): an invitation of an address another live client's user has accepted cannot be
   * accepted. Only the address's owner, who holds the link, learns that.
   */
  private acceptOpen(
    token: string,
    input: Acceptance,
    passwordHash: string,
  ): Promise<AcceptanceResult> {
    return this.uow.run(async () => {
      // Locked and checked again: two submissions of one link, or a resend in between.
      const user = await this.repo.lockByInvitation(capabilityHash(token));
      if (!user || !this.isOpen(user)) return { accepted: false, dead: true } as const;
      if (!user.sandbox && (await this.repo.liveAddressTaken(user.email, user.id)))
        return { accepted: false, problems: ['address-in-use'] } as const;
      const now = this.clock.now();
      await this.repo.update(user.id, {
        status: UserStatus.Active,
        passwordHash,
        firstName: input.firstName || user.firstName,
        lastName: input.lastName || user.lastName,
        invitationTokenHash: null,
        invitationExpiresAt: null,
        acceptedAt: now,
        updatedAt: now,
      });
      await this.events.record([
        {
          clientId: user.clientId,
          type: 'user.invitation.accepted',
          data: {
            userId: user.id,
            email: user.email,
            role: user.role,
          },
        },
      ]);
      return { accepted: true, locale: messageLocale(user.locale) } as const;
    });
  }

  private isOpen(user: UserRow): boolean {
    return (
      user.status === UserStatus.Invited &&
      user.invitationExpiresAt !== null &&
      user.invitationExpiresAt.getTime() > this.clock.now().getTime()
    );
  }
}

function view(user: UserRow): OpenInvitation {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    clientName: user.client.name,
    signInUrl: user.client.signInUrl,
    locale: messageLocale(user.locale),
  };
}
