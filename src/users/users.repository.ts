import { Injectable } from '@nestjs/common';
import { FindOptionsWhere, IsNull, Not } from 'typeorm';
import { ApiTokenEntity, ClientAccountEntity } from '../clients';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { UserEntity, UserStatus } from '../clients';

export type NewUser = Omit<UserEntity, 'id' | 'client'>;
export type UserChanges = Partial<Omit<UserEntity, 'id' | 'client' | 'clientId' | 'email'>>;

/** A user with the handle and name of its client (answers and e-mails name them). */
export type UserRow = UserEntity & { client: ClientAccountEntity };

/** Intent-named queries over users. Inside a unit of work they run in its transaction. */
@Injectable()
export class UsersRepository {
  constructor(private readonly uow: UnitOfWork) {}

  private get users() {
    return this.uow.manager.getRepository(UserEntity);
  }

  async insert(values: NewUser): Promise<UserEntity> {
    return this.users.save(this.users.create(values));
  }

  find(id: string): Promise<UserRow | null> {
    return this.users.findOne({
      where: { id },
      relations: { client: true },
    }) as Promise<UserRow | null>;
  }

  /** The same, its row locked until the transaction ends (a resend and an acceptance queue up). */
  async lock(id: string): Promise<UserRow | null> {
    const locked = await this.users.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    return locked ? this.find(id) : null;
  }

  /** The client's user with this address (at most one). */
  findInClient(clientId: string, email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ clientId, email });
  }

  /**
   * The user who signs in with this address: with `clientId`, that client's user (a sandbox
   * caller's own); else the live user who has accepted (at most one, see UserEntity).
   */
  findSignIn(email: string, clientId?: string): Promise<UserEntity | null> {
    return clientId !== undefined
      ? this.users.findOneBy({ clientId, email })
      : this.users.findOneBy({ email, sandbox: false, acceptedAt: Not(IsNull()) });
  }

  /** Every user with this address, in whichever client (operators name users by address). */
  findAllByEmail(email: string): Promise<UserEntity[]> {
    return this.users.find({ where: { email }, order: { invitedAt: 'ASC', id: 'ASC' }, take: 100 });
  }

  /** Whether a live user other than `userId` has accepted with this address (it signs in there). */
  async liveAddressTaken(email: string, userId: string): Promise<boolean> {
    return this.users.exists({
      where: { email, sandbox: false, acceptedAt: Not(IsNull()), id: Not(userId) },
    });
  }

  /** The user whose open invitation has this token hash, locked until the transaction ends. */
  async lockByInvitation(tokenHash: string): Promise<UserRow | null> {
    const locked = await this.users.findOne({
      where: { invitationTokenHash: tokenHash },
      lock: { mode: 'pessimistic_write' },
    });
    return locked ? this.find(locked.id) : null;
  }

  findByInvitation(tokenHash: string): Promise<UserRow | null> {
    return this.users.findOne({
      where: { invitationTokenHash: tokenHash },
      relations: { client: true },
    }) as Promise<UserRow | null>;
  }

  /** A page of the client's users, newest invitation first, and how many there are. */
  list(
    clientId: string,
    status: UserStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<[UserRow[], number]> {
    const where: FindOptionsWhere<UserEntity> = { clientId, ...(status ? { status } : {}) };
    return this.users.findAndCount({
      where,
      relations: { client: true },
      order: { invitedAt: 'DESC', id: 'ASC' },
      skip: offset,
      take: limit,
    }) as Promise<[UserRow[], number]>;
  }

  async update(id: string, changes: UserChanges): Promise<void> {
    await this.users.update({ id }, changes);
  }

  /** Ids of the API tokens that belong to the user (their cached lookups must go). */
  async tokenIds(userId: string): Promise<string[]> {
    const tokens = await this.uow.manager.find(ApiTokenEntity, {
      select: { id: true },
      where: { userId },
    });
    return tokens.map((t) => t.id);
  }
}
