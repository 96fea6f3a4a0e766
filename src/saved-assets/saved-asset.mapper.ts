import { UploadedAssetDto } from '../assets';
import { AssetFormatDto, JobResultDto, ProductionJobDto } from './dto/production-job.dto';
import { SavedUploadedAssetDto } from './dto/saved-asset.dto';
import { AssetFormatEntity } from './entities/asset-format.entity';
import { JobResultEntity } from './entities/job-result.entity';
import { ProductionJobEntity } from './entities/production-job.entity';
import { SavedUploadedAssetEntity } from './entities/saved-uploaded-asset.entity';

/** A format as listed; `clientHandle` names the owner of a private format (the asset's client). */
export function formatDto(f: AssetFormatEntity, ownerHandle: string, depth = 0): AssetFormatDto {
  return {
    id: f.id,
    extension: f.extension,
    mimeType: f.mimeType,
    clientHandle: f.clientId ? ownerHandle : null,
    requiresConversion: f.requiresConversion,
    isImage: f.isImage,
    isRaster: f.isRaster,
    // One level: a conversion target is never converted further.
    conversionAssetFormat:
      f.conversionAssetFormat && depth === 0
        ? formatDto(f.conversionAssetFormat, ownerHandle, 1)
        : null,
    name: f.name,
  };
}

function resultDto(r: JobResultEntity, ownerHandle: string): JobResultDto {
  return {
    id: r.id,
    receivedDate: r.receivedDate.toISOString(),
    threadCount: r.threadCount,
    actualHeight: r.actualHeight,
    actualWidth: r.actualWidth,
    lastModification: r.lastModifiedAt.toISOString(),
    outputs: (r.outputs ?? []).map((o) => ({
      id: o.id,
      convertedAssetId: o.convertedAssetId,
      uri: o.uri,
      assetFormat: formatDto(o.assetFormat!, ownerHandle),
    })),
  };
}

/** The asset a job belongs to, as its response names it. */
export interface JobOwner {
  uploadedAssetId: number;
  clientHandle: string;
}

export function jobDto(job: ProductionJobEntity, owner: JobOwner): ProductionJobDto {
  return {
    id: job.id,
    uploadedAssetId: owner.uploadedAssetId,
    clientHandle: owner.clientHandle,
    providerHandle: job.providerHandle,
    providerReference: job.providerReference,
    reference: job.reference,
    clientReference: job.clientReference,
    template: job.template,
    productColor: job.productColor,
    placement: job.placement,
    placementWidth: job.placementWidth,
    placementHeight: job.placementHeight,
    notes: job.notes,
    createdDate: job.createdAt.toISOString(),
    workFlowType: job.workFlowType,
    embellishmentType: job.embellishmentType,
    status: job.status,
    result: job.result ? resultDto(job.result, owner.clientHandle) : null,
    specificationUri: job.specificationUri,
    dstUri: job.dstUri,
    lastModification: job.lastModifiedAt.toISOString(),
  };
}

export function savedAssetDto(
  asset: SavedUploadedAssetEntity,
  clientHandle: string,
  upload: UploadedAssetDto,
  jobs: ProductionJobEntity[],
  embed: boolean,
): SavedUploadedAssetDto {
  const owner = { uploadedAssetId: asset.uploadedAssetId, clientHandle };
  return {
    id: asset.id,
    uploadedAssetId: asset.uploadedAssetId,
    uploadedAssetUri: upload.uri,
    metaData: { Url: upload.uri },
    serviceAssetReference: asset.serviceAssetReference,
    clientAccountReference: asset.clientAccountReference,
    organizationIdentifier: asset.organizationIdentifier,
    userFacingFileName: asset.userFacingFileName,
    productionJobs: jobs.map((j) => jobDto(j, owner)),
    hasProductionJob: jobs.length > 0,
    clientHandle,
    active: asset.active,
    createdDate: asset.createdAt.toISOString(),
    lastModification: asset.lastModifiedAt.toISOString(),
    ...(embed ? { uploadedAsset: upload } : {}),
  };
}

/** An upload of the organization that was never saved (include-uploaded-assets/true). */
export function plainUploadDto(
  upload: UploadedAssetDto,
  clientHandle: string,
  organizationIdentifier: string,
): SavedUploadedAssetDto {
  return {
    id: null,
    uploadedAssetId: upload.id,
    uploadedAssetUri: upload.uri,
    metaData: { Url: upload.uri },
    serviceAssetReference: null,
    clientAccountReference: upload.clientAccountReference,
    organizationIdentifier,
    userFacingFileName: upload.userFacingFileName ?? plainUploadName(upload.id),
    productionJobs: [],
    hasProductionJob: false,
    clientHandle,
    active: true,
    createdDate: upload.createdDate,
    lastModification: upload.createdDate,
    uploadedAsset: upload,
  };
}

/** The name of an upload that has none (the list's Name order uses the same). */
export const plainUploadName = (id: number): string => `upload-${id}`;
