import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { ShareLinkEntity } from './entities/share-link.entity';

export type NewShareLink = Omit<ShareLinkEntity, 'client' | 'recipeSet' | 'revokedAt'>;

/** A share link with its recipe set's readable id, as listings show it. */
export type ListedShareLink = ShareLinkEntity & { recipeSetReadableId: string };

/** Longest listing of share links. */
const MAX_LISTED = 500;

/** Share links. Inside a unit of work, in its transaction. */
@Injectable()
export class ShareLinksRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async insert(links: NewShareLink[]): Promise<void> {
    if (links.length > 0) await this.uow.manager.insert(ShareLinkEntity, links);
  }

  findByHash(tokenHash: string): Promise<ShareLinkEntity | null> {
    return this.uow.manager.findOne(ShareLinkEntity, { where: { tokenHash } });
  }

  findById(id: string): Promise<ShareLinkEntity | null> {
    return this.uow.manager.findOne(ShareLinkEntity, { where: { id } });
  }

  /** Sets `revoked_at` unless it is set already. */
  async revoke(id: string, at: Date): Promise<void> {
    await this.uow.manager
      .createQueryBuilder()
      .update(ShareLinkEntity)
      .set({ revokedAt: at })
      .where('id = :id AND revoked_at IS NULL', { id })
      .execute();
  }

  /** The client's links (of one recipe set, if given), newest first. */
  async list(clientId: string, recipeSetId?: string): Promise<ListedShareLink[]> {
    const rows = await this.uow.manager
      .createQueryBuilder(ShareLinkEntity, 'l')
      .innerJoin('l.recipeSet', 'r')
      .addSelect('r.readableId', 'readable_id')
      .where('l.clientId = :clientId', { clientId })
      .andWhere(recipeSetId ? 'l.recipeSetId = :recipeSetId' : '1=1', { recipeSetId })
      .orderBy('l.createdAt', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .limit(MAX_LISTED)
      .getRawAndEntities();
    return rows.entities.map((link, i) => ({
      ...link,
      recipeSetReadableId: (rows.raw[i] as { readable_id: string }).readable_id,
    }));
  }
}
