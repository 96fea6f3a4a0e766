import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { strictMock } from '../../test/support/strict-mock';
import { EXE_BYTES, testImage } from '../../test/support/images';
import { Actor } from '../common/auth/actor';
import { Role } from '../common/auth/role';
import { ValidationFailed } from '../common/errors/domain-error';
import { ImageRejected } from '../common/images/image-errors';
import { Transaction, UnitOfWork } from '../common/persistence/unit-of-work';
import { BlobKeys } from '../common/storage/blob-keys';
import { BlobLinks } from '../common/storage/blob-links';
import { BlobStore } from '../common/storage/blob-store';
import { AppConfig } from '../config/app-config';
import { InvalidUploadedAssetId, UploadedAssetNotFound } from './assets.errors';
import { AssetsService, parseAssetId } from './assets.service';
import { AssetPurpose, UploadedAssetEntity } from './entities/uploaded-asset.entity';
import { UploadedAssetsRepository } from './uploaded-assets.repository';
import { ChangeNotices } from '../common/caching/change-notices';
import { WorkPools } from '../common/scheduling/work-pools';
import { WorkQuota } from '../plans';
import { sha256 } from '../../test/support/sha256';

const CLIENT = '7d0c4c43-1b7e-4a39-9d52-3a4d1f0e2b11';
const OTHER = '0b8f1f8e-5a8e-4f3c-8b0e-9f5d1c2a3b44';
const actor = (role = Role.User, clientId = CLIENT): Actor => ({
  clientId,
  clientHandle: 'acme',
  role,
  tokenId: 't1',
  sandbox: false,
});
const tx: Transaction = { afterCommit: jest.fn(), batch: jest.fn() };
const uow = strictMock<UnitOfWork>(
  { run: (work: (t: Transaction) => Promise<unknown>) => work(tx) },
  'uow',
);
const keys = new BlobKeys(Buffer.alloc(32, 7));
const config = {
  maxUploadPixels: 1_000_000,
  uploads: {
    maxFrames: 10,
    concurrency: 1,
    bodies: 1,
    clientShare: 1,
    queue: 10,
    clientQueue: 10,
    queueWaitMs: 10_000,
  },
  render: {
    concurrency: 1,
    transformConcurrency: 1,
    clientShare: 1,
    queue: 1,
    clientQueue: 1,
    queueWaitMs: 1,
  },
  imageMemoryBudgetBytes: 64 * 1024 * 1024,
  cdnUrl: 'https://cdn.test',
} as AppConfig;
const pools = new WorkPools(config);
/** Counts work only on routes that opt in: a service call outside one counts nothing. */
const quota = strictMock<WorkQuota>({ take: () => Promise.resolve() }, 'quota');
const links = new BlobLinks(config);
const CREATED = new Date('2026-11-23T20:00:00.000Z');

function row(patch: Partial<UploadedAssetEntity> = {}): UploadedAssetEntity {
  return {
    id: 7,
    clientId: CLIENT,
    blobKey: keys.forContent('uploads', CLIENT, 'b'.repeat(64), 'png'),
    sha256: 'a'.repeat(64),
    mimeType: 'image/png',
    width: 10,
    height: 20,
    bytes: 99,
    userFacingFileName: 'a.png',
    organizationIdentifier: null,
    clientAccountReference: null,
    purpose: AssetPurpose.Artwork,
    createdAt: CREATED,
    ...patch,
  };
}

/** The service over strict mocks: only the stubs given exist; anything else called fails. */
function setup(
  repoStubs: Partial<Record<keyof UploadedAssetsRepository, unknown>> = {},
  storeStubs: Partial<Record<keyof BlobStore, unknown>> = {},
) {
  const repo = strictMock<UploadedAssetsRepository>(repoStubs, 'assets');
  const store = strictMock<BlobStore>(storeStubs, 'store');
  const changes = strictMock<ChangeNotices>({ changed: jest.fn() }, 'changes');
  return new AssetsService(repo, uow, store, keys, links, config, changes, pools, quota);
}

describe('AssetsService.upload', () => {
  it('stores the normalised bytes under a per-client content key, then records the row', async () => {
    const put = jest.fn().mockResolvedValue(undefined);
    const insert = jest.fn((values: Partial<UploadedAssetEntity>) =>
      Promise.resolve(row({ ...values, id: 41, createdAt: CREATED })),
    );
    const service = setup({ insert }, { put });
    const png = await testImage('png', { width: 30, height: 20 });

    const dto = await service.upload(
      CLIENT,
      { bytes: png, fileName: 'C:\\fakepath\\logo.png' },
      { organizationIdentifier: ' ORG-1 ' },
    );

    const [[key, stored]] = put.mock.calls as [[string, Buffer]];
    expect(key).toBe(keys.forContent('uploads', CLIENT, sha256(stored), 'png'));
    expect(key).not.toBe(keys.forContent('uploads', OTHER, sha256(stored), 'png'));
    expect((await sharp(stored).metadata()).format).toBe('png');
    expect(insert).toHaveBeenCalledWith({
      clientId: CLIENT,
      blobKey: key,
      sha256: createHash('sha256').update(stored).digest('hex'),
      mimeType: 'image/png',
      width: 30,
      height: 20,
      bytes: stored.length,
      purpose: AssetPurpose.Artwork,
      userFacingFileName: 'logo.png',
      organizationIdentifier: 'ORG-1',
      clientAccountReference: null,
    });
    expect(dto).toEqual({
      id: 41,
      uri: `https://cdn.test/${key}`,
      userFacingFileName: 'logo.png',
      mimeType: 'image/png',
      width: 30,
      height: 20,
      bytes: stored.length,
      sha256: createHash('sha256').update(stored).digest('hex'),
      createdDate: '2026-11-23T20:00:00.000Z',
      organizationIdentifier: 'ORG-1',
      clientAccountReference: null,
    });
  });

  it('files a catalog image under its purpose, with the given name before the file name', async () => {
    const insert = jest.fn((values: Partial<UploadedAssetEntity>) =>
      Promise.resolve(row({ ...values })),
    );
    const service = setup({ insert }, { put: jest.fn().mockResolvedValue(undefined) });
    await service.upload(
      CLIENT,
      { bytes: await testImage('gif'), fileName: 'upload.gif' },
      { userFacingFileName: 'shirt/body.gif', purpose: AssetPurpose.Catalog },
    );
    expect(insert).toHaveBeenCalledWith(
      expect.objectContaining({
        purpose: AssetPurpose.Catalog,
        userFacingFileName: 'body.gif',
        mimeType: 'image/gif',
      }),
    );
  });

  it('refuses what is not an image before storing anything (no store or repository call)', async () => {
    const service = setup();
    await expect(
      service.upload(CLIENT, { bytes: EXE_BYTES, fileName: 'logo.png' }, {}),
    ).rejects.toThrow(
      new ImageRejected(
        'The file "logo.png" is not an image of an accepted type (PNG, JPEG, WebP, GIF or TIFF).',
      ),
    );
  });

  it('refuses an image over the pixel limit before storing anything', async () => {
    const service = setup();
    const big = await testImage('png', { width: 1001, height: 1000 });
    await expect(service.upload(CLIENT, { bytes: big }, {})).rejects.toThrow(
      /The file has 1001 × 1000 pixels, more than the limit of 1000000 pixels\./,
    );
  });

  it.each([
    ['userFacingFileName', 256, 'must be at most 255 characters'],
    ['organizationIdentifier', 201, 'must be at most 200 characters'],
    ['clientAccountReference', 201, 'must be at most 200 characters'],
  ] as const)(
    'refuses %s longer than its limit before reading the image',
    async (field, length, rule) => {
      const service = setup();
      const out = service.upload(CLIENT, { bytes: EXE_BYTES }, { [field]: 'x'.repeat(length) });
      await expect(out).rejects.toThrow(new ValidationFailed(`Invalid request: ${field} ${rule}.`));
    },
  );

  it('refuses text the database cannot store (callers other than HTTP skip its pipe)', async () => {
    const service = setup();
    await expect(
      service.upload(CLIENT, { bytes: EXE_BYTES }, { clientAccountReference: 'a\u0000b' }),
    ).rejects.toBeInstanceOf(ValidationFailed);
  });
});

describe('AssetsService.get', () => {
  it("returns the caller's own upload", async () => {
    const findById = jest.fn().mockResolvedValue(row());
    const dto = await setup({ findById }).get(actor(), '7');
    expect(findById).toHaveBeenCalledWith(7);
    expect(dto.id).toBe(7);
  });

  it("answers another client's upload as absent, except to ServiceAdmin", async () => {
    const theirs = row({ clientId: OTHER });
    const service = setup({ findById: jest.fn().mockResolvedValue(theirs) });
    await expect(service.get(actor(), 7)).rejects.toThrow(new UploadedAssetNotFound(7));
    await expect(service.get(actor(Role.Admin), 7)).rejects.toBeInstanceOf(UploadedAssetNotFound);
    expect((await service.get(actor(Role.ServiceAdmin), 7)).id).toBe(7);
  });

  it('answers an absent upload 404', async () => {
    const service = setup({ findById: jest.fn().mockResolvedValue(null) });
    await expect(service.get(actor(), 8)).rejects.toThrow('Uploaded asset 8 was not found.');
  });

  it('refuses an id that is not an int32 without a query', async () => {
    await expect(setup().get(actor(), '2147483648')).rejects.toBeInstanceOf(InvalidUploadedAssetId);
  });
});

describe('AssetsService.findOwned', () => {
  it('asks once for the distinct int32 ids and maps the rows by id', async () => {
    const r = row({ id: 3, purpose: AssetPurpose.Catalog });
    const findOwned = jest.fn().mockResolvedValue([r]);
    const found = await setup({ findOwned }).findOwned(CLIENT, [3, 3, 4, 2 ** 31, 1.5, -1]);
    expect(findOwned).toHaveBeenCalledTimes(1);
    expect(findOwned).toHaveBeenCalledWith(CLIENT, [3, 4, -1]);
    expect([...found.entries()]).toEqual([
      [
        3,
        {
          id: 3,
          key: r.blobKey,
          mimeType: 'image/png',
          width: 10,
          height: 20,
          purpose: AssetPurpose.Catalog,
        },
      ],
    ]);
  });
});

describe('parseAssetId', () => {
  it.each([
    ['1', 1],
    [' 42 ', 42],
    ['+7', 7],
    ['-5', -5],
    ['0', 0],
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
    [12, 12],
  ])('%j → %d', (text, id) => {
    expect(parseAssetId(text)).toBe(id);
  });

  it.each(['', 'abc', '1.5', '1e3', '0x10', '2147483648', '-2147483649', '99999999999', '١٢'])(
    '%j → 400',
    (text) => {
      expect(() => parseAssetId(text)).toThrow(InvalidUploadedAssetId);
    },
  );

  it('answers its own code with the message of every int32 id', () => {
    expect(() => parseAssetId('abc')).toThrow(
      expect.objectContaining({
        code: 'INVALID_UPLOADED_ASSET_ID',
        message: 'Uploaded asset id "abc" is not an integer between -2147483648 and 2147483647.',
      }),
    );
  });
});
