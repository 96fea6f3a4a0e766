import { Injectable } from '@nestjs/common';
import { DomainError, ErrorKind } from '../common/errors/domain-error';
import { insertBelowCap } from '../common/persistence/capped-insert';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { planLimits } from './plan-limits';
import { PlansRepository } from './plans.repository';

/** The two kinds of rows a client's library holds, each counted against the plan's limit. */
export type LibraryKind = 'uploaded assets' | 'active saved assets';

/**
 * A library at its plan's size: 409, like a full moderation list. Not 429 (waiting frees nothing)
 * nor 403 (the caller may add to its library; this library is full): deactivating saved assets
 * or a larger plan makes room.
 */
export class LibraryFull extends DomainError {
  constructor(kind: LibraryKind, limit: number) {
    super(
      'LIBRARY_FULL',
      ErrorKind.Conflict,
      `The client's library holds ${limit} ${kind}, the most its plan allows (libraryAssets ${limit}): ${
        kind === 'uploaded assets'
          ? 'an operator can raise the limit'
          : 'deactivate saved assets, or an operator can raise the limit'
      }.`,
    );
  }
}

/**
 * Inserts rows into clients' libraries (uploads, saved assets) within their plan's
 * `libraryAssets`, atomically (see insertBelowCap): parallel requests cannot overshoot it.
 */
@Injectable()
export class LibraryLimit {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly plans: PlansRepository,
  ) {}

  /** `insert` once `count` (the client's rows of `kind`) is below the plan's limit; LibraryFull else. */
  insert<T>(
    clientId: string,
    kind: LibraryKind,
    count: () => Promise<number>,
    insert: () => Promise<T>,
  ): Promise<T> {
    return insertBelowCap(this.uow, {
      name: `library:${kind}:${clientId}`,
      count,
      cap: async () => {
        const client = await this.plans.findClientById(clientId);
        if (!client) throw new Error(`No client ${clientId} to count a library of`);
        return planLimits(client).libraryAssets;
      },
      full: (cap) => new LibraryFull(kind, cap),
      insert,
    });
  }
}
