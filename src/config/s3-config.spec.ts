import { AppConfig } from './app-config';
import { ConfigValidationError, parseEnvironment } from './environment';

const config = (env: NodeJS.ProcessEnv): AppConfig => new AppConfig(parseEnvironment(env));

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    parseEnvironment(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigValidationError);
    return (e as ConfigValidationError).problems;
  }
  throw new Error('expected parseEnvironment to throw');
}

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('S3 blob store configuration', () => {
  it('keeps blobs in DATA_DIR by default and ignores S3_* then', () => {
    expect(config({}).blobStore).toBe('directory');
    expect(config({}).s3).toBeUndefined();
    expect(config({ S3_BUCKET: 'pci-blobs', S3_ACCESS_KEY_ID: 'only-one' }).s3).toBeUndefined();
  });

  it('needs S3_BUCKET with BLOB_STORE=s3', () => {
    expect(problems({ BLOB_STORE: 's3' })).toEqual([
      'S3_BUCKET is required when BLOB_STORE=s3: the name of the bucket blobs are kept in',
    ]);
    expect(problems({ BLOB_STORE: 'S3' })[0]).toContain(
      'BLOB_STORE must be one of the following values: directory, s3',
    );
  });

  it('defaults to AWS in us-east-1 with the SDK credential chain, virtual-hosted style, no prefix', () => {
    expect(config({ BLOB_STORE: 's3', S3_BUCKET: 'pci-blobs' }).s3).toEqual({
      bucket: 'pci-blobs',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('reads every S3_* variable', () => {
    const s3 = config({
      BLOB_STORE: 's3',
      S3_BUCKET: 'pci-blobs',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_FORCE_PATH_STYLE: 'yes',
      S3_PREFIX: 'prod/pci/',
    }).s3!;
    expect(s3).toMatchObject({
      bucket: 'pci-blobs',
      region: 'eu-central-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      prefix: 'prod/pci/',
    });
    expect(s3.credentials?.accessKeyId).toBe('AKIAEXAMPLE');
    expect(s3.credentials?.secretAccessKey).toBe(SECRET);
    // Whatever prints the configuration does not print the secret.
    expect(JSON.stringify(s3)).not.toContain(SECRET);
  });

  it.each([
    ['', ''],
    ['blobs', 'blobs/'],
    ['blobs/', 'blobs/'],
    ['env/prod', 'env/prod/'],
  ])('reads S3_PREFIX %j as %j', (raw, prefix) => {
    expect(config({ BLOB_STORE: 's3', S3_BUCKET: 'b1x', S3_PREFIX: raw }).s3?.prefix).toBe(prefix);
  });

  it.each(['/blobs', '../x', 'a/../b', 'a//b', 'a b', '.hidden'])('rejects S3_PREFIX %j', (raw) => {
    expect(problems({ S3_PREFIX: raw })).toEqual([
      `S3_PREFIX must be path segments of letters, digits, ".", "_" and "-" separated by "/" (e.g. blobs/ or env/prod), none starting with "." (got ${JSON.stringify(raw)})`,
    ]);
  });

  it('names each malformed S3 variable', () => {
    const found = problems({
      BLOB_STORE: 's3',
      S3_BUCKET: 'a',
      S3_REGION: 'EU West',
      S3_ENDPOINT: 'minio:9000',
      S3_FORCE_PATH_STYLE: 'sometimes',
    });
    expect(found).toEqual([
      'S3_BUCKET must be a bucket name (letters, digits, ".", "_" and "-", 3-255 characters) (got "a")',
      'S3_REGION must be a region name such as us-east-1 (got "EU West")',
      'S3_ENDPOINT must be an http:// or https:// URL without credentials (give those in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY) (got "minio:9000")',
      'S3_FORCE_PATH_STYLE must be a boolean value (got "sometimes")',
    ]);
  });

  it('refuses credentials in S3_ENDPOINT', () => {
    expect(problems({ S3_ENDPOINT: 'https://key:secret@s3.example.com' })[0]).toMatch(
      /^S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL without credentials/,
    );
  });

  it('wants both keys or neither, and never echoes them', () => {
    for (const half of [{ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, { S3_SECRET_ACCESS_KEY: SECRET }]) {
      const found = problems({ BLOB_STORE: 's3', S3_BUCKET: 'pci-blobs', ...half });
      expect(found).toEqual([
        "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's default credential chain",
      ]);
    }
    const found = problems({
      S3_ACCESS_KEY_ID: 'AKIA EXAMPLE',
      S3_SECRET_ACCESS_KEY: `${SECRET} x`,
    });
    expect(found).toEqual([
      'S3_ACCESS_KEY_ID must not contain spaces (got "<redacted>")',
      'S3_SECRET_ACCESS_KEY must not contain spaces (got "<redacted>")',
    ]);
    expect(found.join('\n')).not.toContain('EXAMPLE');
  });
});
