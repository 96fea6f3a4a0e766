import { Injectable } from '@nestjs/common';
import { In, IsNull } from 'typeorm';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { LibraryLimit } from '../plans';
import { AssetFormatEntity } from './entities/asset-format.entity';
import { JobResultEntity } from './entities/job-result.entity';
import { OutputEntity } from './entities/output.entity';
import { ProductionJobEntity } from './entities/production-job.entity';
import { SavedUploadedAssetEntity } from './entities/saved-uploaded-asset.entity';

export type NewSavedAsset = Omit<
  SavedUploadedAssetEntity,
  'id' | 'client' | 'uploadedAsset' | 'productionJobs' | 'active'
>;
export type NewProductionJob = Omit<ProductionJobEntity, 'id' | 'client' | 'savedAsset' | 'result'>;
export type JobChanges = Partial<
  Pick<
    ProductionJobEntity,
    'status' | 'providerReference' | 'notes' | 'specificationUri' | 'dstUri' | 'lastModifiedAt'
  >
>;
export type NewJobResult = Omit<JobResultEntity, 'id' | 'job' | 'outputs'>;
export type NewOutput = Omit<OutputEntity, 'id' | 'result' | 'convertedAsset' | 'assetFormat'>;

/** A saved asset with the handle of its client (responses name it). */
export type SavedAssetRow = SavedUploadedAssetEntity & { client: { handle: string } };

/** Intent-named queries over saved assets and their jobs. Inside a unit of work they run in its transaction. */
@Injectable()
export class SavedAssetsRepository {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly library: LibraryLimit,
  ) {}

  /** Inserts an active saved asset within the client's library size (LibraryFull beyond). */
  insertAsset(values: NewSavedAsset): Promise<SavedUploadedAssetEntity> {
    const repo = () => this.uow.manager.getRepository(SavedUploadedAssetEntity);
    return this.library.insert(
      values.clientId,
      'active saved assets',
      () => repo().count({ where: { clientId: values.clientId, active: true } }),
      () => repo().save(repo().create({ ...values, active: true })),
    );
  }

  /** The saved asset with this id, of any client (the caller checks ownership and `active`). */
  findAsset(id: number): Promise<SavedAssetRow | null> {
    return this.uow.manager.findOne(SavedUploadedAssetEntity, {
      where: { id },
      relations: { client: true },
    }) as Promise<SavedAssetRow | null>;
  }

  /**
   * The same, with its row locked until the transaction ends: jobs added to one asset at the same
   * time are counted one after the other, so the cap holds.
   */
  async lockAsset(id: number): Promise<SavedAssetRow | null> {
    const locked = await this.uow.manager.findOne(SavedUploadedAssetEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    return locked ? this.findAsset(id) : null;
  }

  /** Marks the asset as used now (the RecentlyUsed order), or deactivates it as well. */
  async touchAsset(id: number, at: Date, deactivate = false): Promise<void> {
    await this.uow.manager.update(
      SavedUploadedAssetEntity,
      { id },
      { lastModifiedAt: at, ...(deactivate ? { active: false } : {}) },
    );
  }

  countJobs(savedAssetId: number): Promise<number> {
    return this.uow.manager.count(ProductionJobEntity, { where: { savedAssetId } });
  }

  async insertJob(values: NewProductionJob): Promise<ProductionJobEntity> {
    const repo = this.uow.manager.getRepository(ProductionJobEntity);
    return repo.save(repo.create(values));
  }

  /** The job with this id, of any client, locked until the transaction ends (reports in turn). */
  lockJob(id: number): Promise<ProductionJobEntity | null> {
    return this.uow.manager.findOne(ProductionJobEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async updateJob(id: number, changes: JobChanges): Promise<void> {
    await this.uow.manager.update(ProductionJobEntity, { id }, changes);
  }

  /** Replaces the job's result (and so its outputs) with `result` and `outputs`. */
  async replaceResult(result: NewJobResult, outputs: Omit<NewOutput, 'resultId'>[]): Promise<void> {
    const m = this.uow.manager;
    await m.delete(JobResultEntity, { jobId: result.jobId });
    const saved = await m.save(m.create(JobResultEntity, result));
    if (outputs.length > 0)
      await m.insert(
        OutputEntity,
        outputs.map((o) => ({ ...o, resultId: saved.id })),
      );
  }

  /** The formats every client has, and the client's own. */
  formatsOf(clientId: string): Promise<AssetFormatEntity[]> {
    return this.uow.manager.find(AssetFormatEntity, {
      where: [{ clientId: IsNull() }, { clientId }],
      order: { id: 'ASC' },
    });
  }

  /**
   * The jobs of these saved assets with their results, outputs and formats (each format with the
   * one it converts to), in a few statements for any number of assets.
   */
  jobsOf(savedAssetIds: readonly number[]): Promise<ProductionJobEntity[]> {
    if (savedAssetIds.length === 0) return Promise.resolve([]);
    return this.uow.manager.find(ProductionJobEntity, {
      where: { savedAssetId: In([...savedAssetIds]) },
      relations: { result: { outputs: { assetFormat: { conversionAssetFormat: true } } } },
      order: { id: 'ASC', result: { outputs: { id: 'ASC' } } },
    });
  }

  /** One job with its result, outputs and formats. */
  jobWithResult(id: number): Promise<ProductionJobEntity | null> {
    return this.uow.manager.findOne(ProductionJobEntity, {
      where: { id },
      relations: { result: { outputs: { assetFormat: { conversionAssetFormat: true } } } },
      order: { result: { outputs: { id: 'ASC' } } },
    });
  }

  /** The saved assets with these ids (for a page of a list), any order. */
  findAssets(ids: readonly number[]): Promise<SavedUploadedAssetEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.uow.manager.find(SavedUploadedAssetEntity, { where: { id: In([...ids]) } });
  }
}
