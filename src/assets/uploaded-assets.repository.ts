import { Injectable } from '@nestjs/common';
import { Any } from 'typeorm';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { LibraryLimit } from '../plans';
import { UploadedAssetEntity } from './entities/uploaded-asset.entity';

export type NewUploadedAsset = Omit<UploadedAssetEntity, 'id' | 'client' | 'createdAt'>;

export type OwnedAssetRow = Pick<
  UploadedAssetEntity,
  'id' | 'blobKey' | 'mimeType' | 'width' | 'height' | 'purpose'
>;

/** Intent-named queries over uploaded assets. Inside a unit of work they run in its transaction. */
@Injectable()
export class UploadedAssetsRepository {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly library: LibraryLimit,
  ) {}

  /** Inserts an upload within the client's library size (its plan's; LibraryFull beyond). */
  insert(values: NewUploadedAsset): Promise<UploadedAssetEntity> {
    const repo = () => this.uow.manager.getRepository(UploadedAssetEntity);
    return this.library.insert(
      values.clientId,
      'uploaded assets',
      () => repo().count({ where: { clientId: values.clientId } }),
      () => repo().save(repo().create(values)),
    );
  }

  /** The upload with this id, of any client (the caller checks ownership). */
  findById(id: number): Promise<UploadedAssetEntity | null> {
    return this.uow.manager.findOne(UploadedAssetEntity, { where: { id } });
  }

  /** The client's uploads among `ids`: one statement (`= ANY($n)`) for any number of ids. */
  findOwned(clientId: string, ids: readonly number[]): Promise<OwnedAssetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.uow.manager.find(UploadedAssetEntity, {
      where: { clientId, id: Any([...ids]) },
      select: { id: true, blobKey: true, mimeType: true, width: true, height: true, purpose: true },
    });
  }

  /** The client's uploads among `ids`, whole rows. */
  findOwnedRows(clientId: string, ids: readonly number[]): Promise<UploadedAssetEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.uow.manager.find(UploadedAssetEntity, { where: { clientId, id: Any([...ids]) } });
  }
}
