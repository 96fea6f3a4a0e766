import { ProductionJobDto } from './dto/production-job.dto';
import { SavedUploadedAssetDto } from './dto/saved-asset.dto';
import { SavedAssetListEnvelopeDto } from './dto/list.dto';

const URI =
  'https://cdn.example.com/uploads/50/50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c.png';

/** `POST /api/assets/saved/{id}/production-jobs` as an embroidery digitizer sends it. */
export const JOB_INPUT_EXAMPLE = {
  providerHandle: 'wilcom-digitizing',
  providerReference: 'WD-77812',
  reference: 'JOB-2026-0042',
  clientReference: 'PO-88731-1',
  template: 'left-chest-3.5in',
  productColor: 'Navy',
  placement: 'Left Chest',
  placementWidth: { value: '3.50n', type: 'Big Number' },
  placementHeight: { value: '2.10n', type: 'Big Number' },
  notes: 'Reduce to at most 9 colours.',
  workFlowType: 'Standard',
  embellishmentType: 'Embroidery',
};

/** `PATCH /api/assets/production-jobs/{id}`: the provider reports back. */
export const JOB_REPORT_EXAMPLE = {
  status: 'Completed',
  dstUri: 'https://provider.example.com/jobs/77812/design.dst',
  result: {
    receivedDate: '2026-03-30T14:05:00Z',
    threadCount: 12840,
    actualWidth: { value: '3.48n', type: 'Big Number' },
    actualHeight: { value: '2.07n', type: 'Big Number' },
    outputs: [
      { uri: 'https://provider.example.com/jobs/77812/design.dst', assetFormat: 'dst' },
      { uri: 'https://provider.example.com/jobs/77812/preview.png' },
    ],
  },
};

const DST = {
  id: 10,
  extension: 'dst',
  mimeType: 'application/x-dst',
  clientHandle: null,
  requiresConversion: false,
  isImage: false,
  isRaster: false,
  conversionAssetFormat: null,
  name: 'Tajima DST embroidery',
};

export const JOB_EXAMPLE: ProductionJobDto = {
  id: 2201,
  uploadedAssetId: 19,
  clientHandle: 'demo',
  ...JOB_INPUT_EXAMPLE,
  createdDate: '2026-03-29T09:12:00.000Z',
  status: 'Completed',
  result: {
    id: 3107,
    receivedDate: '2026-03-30T14:05:00.000Z',
    threadCount: 12840,
    actualHeight: { value: '2.07n', type: 'Big Number' },
    actualWidth: { value: '3.48n', type: 'Big Number' },
    lastModification: '2026-03-30T14:05:00.000Z',
    outputs: [
      {
        id: 5012,
        convertedAssetId: null,
        uri: 'https://provider.example.com/jobs/77812/design.dst',
        assetFormat: DST,
      },
    ],
  },
  specificationUri: null,
  dstUri: 'https://provider.example.com/jobs/77812/design.dst',
  lastModification: '2026-03-30T14:05:00.000Z',
};

export const SAVED_ASSET_EXAMPLE: SavedUploadedAssetDto = {
  id: 311,
  uploadedAssetId: 19,
  uploadedAssetUri: URI,
  metaData: { Url: URI },
  serviceAssetReference: 'SVC-5521',
  clientAccountReference: 'CUST-88731',
  organizationIdentifier: 'ORG-1042',
  userFacingFileName: 'team-logo.png',
  productionJobs: [JOB_EXAMPLE],
  hasProductionJob: true,
  clientHandle: 'demo',
  active: true,
  createdDate: '2026-03-29T09:10:00.000Z',
  lastModification: '2026-03-30T14:05:00.000Z',
};

export const LIST_EXAMPLE: SavedAssetListEnvelopeDto = {
  lastModification: '2026-03-30T14:05:00.000Z',
  error: null,
  apiVersion: '1.0.0',
  hash: 'AfoO01vWutb1C6lHVCpCqw==',
  paging: { totalRecords: 1, pageCount: 1, page: 1, pageSize: 50 },
  contents: [SAVED_ASSET_EXAMPLE],
  data: [SAVED_ASSET_EXAMPLE],
};
