import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { insertBelowCap } from '../common/persistence/capped-insert';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { BlockedHashEntity } from './entities/blocked-hash.entity';
import { ModerationWordEntity } from './entities/moderation-word.entity';
import { ModerationListFull } from './moderation.errors';

/** The clients' word lists and hash blocklists. Inside a unit of work, in its transaction. */
@Injectable()
export class ModerationRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The client's words, of these languages (all when undefined), oldest first. */
  words(clientId: string, locales?: readonly string[]): Promise<ModerationWordEntity[]> {
    return this.uow.manager.find(ModerationWordEntity, {
      where: { clientId, ...(locales ? { locale: In([...locales]) } : {}) },
      order: { id: 'ASC' },
    });
  }

  countWords(clientId: string): Promise<number> {
    return this.uow.manager.count(ModerationWordEntity, { where: { clientId } });
  }

  /** Inserts a word while the client has fewer than `cap` (ModerationListFull otherwise). */
  insertWord(
    values: Omit<ModerationWordEntity, 'id' | 'client'>,
    cap: number,
  ): Promise<ModerationWordEntity> {
    return insertBelowCap(this.uow, {
      name: `moderation-words:${values.clientId}`,
      count: () => this.countWords(values.clientId),
      cap,
      full: (max) => new ModerationListFull('moderation words', max),
      insert: () => {
        const repo = this.uow.manager.getRepository(ModerationWordEntity);
        return repo.save(repo.create(values));
      },
    });
  }

  /** Deletes the client's word with this id; false when it has none. */
  async deleteWord(clientId: string, id: number): Promise<boolean> {
    const result = await this.uow.manager.delete(ModerationWordEntity, { clientId, id });
    return (result.affected ?? 0) > 0;
  }

  hashes(clientId: string): Promise<BlockedHashEntity[]> {
    return this.uow.manager.find(BlockedHashEntity, { where: { clientId }, order: { id: 'ASC' } });
  }

  countHashes(clientId: string): Promise<number> {
    return this.uow.manager.count(BlockedHashEntity, { where: { clientId } });
  }

  /** Inserts a blocked hash while the client has fewer than `cap` (ModerationListFull otherwise). */
  insertHash(
    values: Omit<BlockedHashEntity, 'id' | 'client'>,
    cap: number,
  ): Promise<BlockedHashEntity> {
    return insertBelowCap(this.uow, {
      name: `blocked-hashes:${values.clientId}`,
      count: () => this.countHashes(values.clientId),
      cap,
      full: (max) => new ModerationListFull('blocked hashes', max),
      insert: () => {
        const repo = this.uow.manager.getRepository(BlockedHashEntity);
        return repo.save(repo.create(values));
      },
    });
  }

  async deleteHash(clientId: string, id: number): Promise<boolean> {
    const result = await this.uow.manager.delete(BlockedHashEntity, { clientId, id });
    return (result.affected ?? 0) > 0;
  }
}
