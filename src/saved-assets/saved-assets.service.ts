import { Injectable } from '@nestjs/common';
import { AssetsService, UploadedAssetNotFound } from '../assets';
import { Actor } from '../common/auth/actor';
import { ClientAccess } from '../common/auth/client-access';
import { ValidationFailed } from '../common/errors/domain-error';
import { Clock } from '../common/clock/clock';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { parseInt32Id } from '../common/validation/int32';
import { resolveFormat } from './asset-formats';
import {
  JobResultInputDto,
  ProductionJobInputDto,
  ProductionJobUpdateDto,
} from './dto/job-input.dto';
import { ProductionJobDto } from './dto/production-job.dto';
import { SaveAssetDto, SavedUploadedAssetDto } from './dto/saved-asset.dto';
import { ProductionJobEntity } from './entities/production-job.entity';
import { jobDto, plainUploadName, savedAssetDto } from './saved-asset.mapper';
import { SavedAssetReadsService } from './saved-asset-reads.service';
import {
  ProductionJobNotFound,
  SavedAssetNotFound,
  SavedAssetTooLarge,
  TooManyProductionJobs,
} from './saved-assets.errors';
import { SavedAssetRow, SavedAssetsRepository } from './saved-assets.repository';
import { ChangeNotices, libraryId } from '../common/caching/change-notices';
import { AppConfig } from '../config/app-config';

/** Jobs one saved asset may have: every listing carries all jobs of the listed assets. */
export const MAX_JOBS_PER_ASSET = 50;

/** Default status of a new job. */
export const NEW_JOB_STATUS = 'Submitted';

/** What a provider's report (PATCH) may change. */
const REPORTED = [
  'status',
  'providerReference',
  'notes',
  'specificationUri',
  'dstUri',
  'result',
] as const;

/**
 * The write side of the library: saving uploads into an organization's library, production jobs
 * and what their providers report back, and deactivation. Every change of a job moves its asset's
 * last modification (the list's RecentlyUsed order).
 */
@Injectable()
export class SavedAssetsService {
  constructor(
    private readonly repo: SavedAssetsRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly assets: AssetsService,
    private readonly reads: SavedAssetReadsService,
    private readonly changes: ChangeNotices,
    private readonly config: AppConfig,
  ) {}

  /** Saves one of the caller's uploads into an organization's library. */
  async save(actor: Actor, input: SaveAssetDto): Promise<SavedUploadedAssetDto> {
    const upload = (await this.assets.describeOwned(actor.clientId, [input.uploadedAssetId])).get(
      input.uploadedAssetId,
    );
    if (!upload) throw new UploadedAssetNotFound(input.uploadedAssetId);
    const now = this.clock.now();
    const saved = await this.uow.run(() =>
      this.repo.insertAsset({
        clientId: actor.clientId,
        uploadedAssetId: upload.id,
        organizationIdentifier: input.organizationIdentifier,
        clientAccountReference: input.clientAccountReference,
        userFacingFileName:
          input.userFacingFileName || upload.userFacingFileName || plainUploadName(upload.id),
        serviceAssetReference: input.serviceAssetReference || null,
        createdAt: now,
        lastModifiedAt: now,
      }),
    );
    this.changed(saved);
    return this.reads.get(actor, saved.id);
  }

  /** Adds a production job (and, if sent, its result) to an active saved asset. */
  async addJob(
    actor: Actor,
    assetId: string | number,
    input: ProductionJobInputDto,
  ): Promise<ProductionJobDto> {
    const id = parseInt32Id(assetId, 'Saved asset');
    return this.uow.run(async () => {
      const asset = this.activeOwned(actor, id, await this.repo.lockAsset(id));
      if ((await this.repo.countJobs(id)) >= MAX_JOBS_PER_ASSET)
        throw new TooManyProductionJobs(id, MAX_JOBS_PER_ASSET);
      const now = this.clock.now();
      const job = await this.repo.insertJob({
        savedAssetId: id,
        clientId: asset.clientId,
        organizationIdentifier: asset.organizationIdentifier,
        providerHandle: input.providerHandle,
        providerReference: input.providerReference || null,
        reference: input.reference || null,
        clientReference: input.clientReference || null,
        template: input.template || null,
        productColor: input.productColor || null,
        placement: input.placement || null,
        placementWidth: input.placementWidth ?? null,
        placementHeight: input.placementHeight ?? null,
        notes: input.notes || null,
        workFlowType: input.workFlowType || null,
        embellishmentType: input.embellishmentType || null,
        status: input.status || NEW_JOB_STATUS,
        specificationUri: input.specificationUri || null,
        dstUri: input.dstUri || null,
        createdAt: now,
        lastModifiedAt: now,
      });
      if (input.result) await this.report(asset.clientId, job, input.result, now);
      await this.repo.touchAsset(id, now);
      await this.withinSize(asset);
      this.changed(asset);
      return this.jobAnswer(asset, job.id);
    });
  }

  /** A provider reports back: status, references, and the result with its outputs. */
  async updateJob(
    actor: Actor,
    jobId: string | number,
    input: ProductionJobUpdateDto,
  ): Promise<ProductionJobDto> {
    const id = parseInt32Id(jobId, 'Production job');
    if (!REPORTED.some((field) => input?.[field] !== undefined))
      throw new ValidationFailed(
        `The report changes nothing: give at least one of ${REPORTED.join(', ')}.`,
      );
    return this.uow.run(async () => {
      const job = ClientAccess.owned(
        actor,
        await this.repo.lockJob(id),
        () => new ProductionJobNotFound(id),
      );
      const now = this.clock.now();
      await this.repo.updateJob(id, {
        ...(input.status ? { status: input.status } : {}),
        ...(input.providerReference ? { providerReference: input.providerReference } : {}),
        ...(input.notes ? { notes: input.notes } : {}),
        ...(input.specificationUri ? { specificationUri: input.specificationUri } : {}),
        ...(input.dstUri ? { dstUri: input.dstUri } : {}),
        lastModifiedAt: now,
      });
      if (input.result) await this.report(job.clientId, job, input.result, now);
      // The asset's row stays locked from here on: reports on its jobs are measured in turn.
      await this.repo.touchAsset(job.savedAssetId, now);
      const asset = (await this.repo.findAsset(job.savedAssetId))!;
      await this.withinSize(asset);
      this.changed(asset);
      return this.jobAnswer(asset, id);
    });
  }

  /** Deactivates a saved asset: it is no longer listed or read; its jobs stay. */
  async deactivate(actor: Actor, assetId: string | number): Promise<void> {
    const id = parseInt32Id(assetId, 'Saved asset');
    await this.uow.run(async () => {
      const asset = this.activeOwned(actor, id, await this.repo.lockAsset(id));
      await this.repo.touchAsset(id, this.clock.now(), true);
      this.changed(asset);
    });
  }

  /** Stores a result, replacing an earlier one; formats and converted uploads are checked. */
  private async report(
    clientId: string,
    job: ProductionJobEntity,
    result: JobResultInputDto,
    now: Date,
  ): Promise<void> {
    const sent = result.outputs ?? [];
    const formats = await this.repo.formatsOf(clientId);
    const outputs = sent.map((o, i) => ({
      uri: o.uri,
      convertedAssetId: o.convertedAssetId ?? null,
      assetFormatId: resolveFormat(
        formats,
        `result.outputs[${i}].assetFormat`,
        o.assetFormat,
        o.uri,
      ).id,
    }));
    const converted = outputs.flatMap((o) => (o.convertedAssetId ? [o.convertedAssetId] : []));
    const owned = await this.assets.findOwned(clientId, converted);
    const missing = converted.find((c) => !owned.has(c));
    if (missing !== undefined) throw new UploadedAssetNotFound(missing);
    await this.repo.replaceResult(
      {
        jobId: job.id,
        receivedDate: result.receivedDate ?? now,
        threadCount: result.threadCount ?? null,
        actualWidth: result.actualWidth ?? null,
        actualHeight: result.actualHeight ?? null,
        lastModifiedAt: now,
      },
      outputs,
    );
  }

  /**
   * Refuses (and so rolls back) a write that leaves the asset larger, as the list writes it with
   * its upload, than SAVED_ASSET_MAX_BYTES: a page of assets at that size stays within
   * LIST_MAX_RESPONSE_BYTES. Measured on what the transaction holds, after the write.
   */
  private async withinSize(asset: SavedAssetRow): Promise<void> {
    const [uploads, jobs] = await Promise.all([
      this.assets.describeOwned(asset.clientId, [asset.uploadedAssetId]),
      this.repo.jobsOf([asset.id]),
    ]);
    const upload = uploads.get(asset.uploadedAssetId);
    if (!upload) return; // the foreign key keeps it; nothing to measure without it
    const bytes = Buffer.byteLength(
      JSON.stringify(savedAssetDto(asset, asset.client.handle, upload, jobs, true)),
      'utf8',
    );
    const max = this.config.savedAssetMaxBytes;
    if (bytes > max) throw new SavedAssetTooLarge(asset.id, bytes, max);
  }

  /** Drops the cached pages of the asset's library once the change is committed. */
  private changed(asset: { clientId: string; organizationIdentifier: string }): void {
    this.changes.changed('library', libraryId(asset.clientId, asset.organizationIdentifier));
  }

  private activeOwned(actor: Actor, id: number, asset: SavedAssetRow | null): SavedAssetRow {
    const owned = ClientAccess.owned(actor, asset, () => new SavedAssetNotFound(id));
    if (!owned.active) throw new SavedAssetNotFound(id);
    return owned;
  }

  private async jobAnswer(asset: SavedAssetRow, jobId: number): Promise<ProductionJobDto> {
    const job = (await this.repo.jobWithResult(jobId))!;
    return jobDto(job, {
      uploadedAssetId: asset.uploadedAssetId,
      clientHandle: asset.client.handle,
    });
  }
}
