import { Injectable } from '@nestjs/common';
import { IsNull, LessThan, MoreThan } from 'typeorm';
import { ClientAccountEntity, UserEntity } from '../../clients';
import { UnitOfWork } from '../../common/persistence/unit-of-work';
import { SessionEnd, UserSessionEntity } from './user-session.entity';

export type NewSession = Pick<
  UserSessionEntity,
  'sessionHash' | 'userId' | 'lastSeenAt' | 'expiresAt' | 'source' | 'userAgent'
>;

/** A session that still works, with its user and the user's client (the caller it acts as). */
export type OpenSession = UserSessionEntity & {
  user: UserEntity & { client: ClientAccountEntity };
};

/** Intent-named queries over console sessions. Inside a unit of work they run in its transaction. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get sessions() {
    return this.uow.manager.getRepository(UserSessionEntity);
  }

  insert(values: NewSession): Promise<UserSessionEntity> {
    return this.sessions.save(
      this.sessions.create({ ...values, endedAt: null, endedReason: null }),
    );
  }

  /**
   * The session with this hash that has not ended, has seen a request since `idleSince` and
   * expires after `now`, with its user and client (one statement); null otherwise.
   */
  findOpen(sessionHash: string, now: Date, idleSince: Date): Promise<OpenSession | null> {
    return this.sessions.findOne({
      where: {
        sessionHash,
        endedAt: IsNull(),
        expiresAt: MoreThan(now),
        lastSeenAt: MoreThan(idleSince),
      },
      relations: { user: { client: true } },
    }) as Promise<OpenSession | null>;
  }

  /** Records a request at `now` unless one was recorded after `since` (one write a minute at most). */
  async touch(id: string, now: Date, since: Date): Promise<void> {
    await this.sessions.update({ id, lastSeenAt: LessThan(since) }, { lastSeenAt: now });
  }

  /** Ends the session with this hash (if it is open); whether it was. */
  async endByHash(sessionHash: string, reason: SessionEnd, now: Date): Promise<boolean> {
    const result = await this.sessions.update(
      { sessionHash, endedAt: IsNull() },
      { endedAt: now, endedReason: reason },
    );
    return (result.affected ?? 0) > 0;
  }

  /** Ends every open session of the user; how many there were. */
  async endAllOfUser(userId: string, reason: SessionEnd, now: Date): Promise<number> {
    const result = await this.sessions.update(
      { userId, endedAt: IsNull() },
      { endedAt: now, endedReason: reason },
    );
    return result.affected ?? 0;
  }
}
