import { formatBytes, uploadFingerprint } from './single-file-upload';

describe('formatBytes', () => {
  it.each([
    [25 * 1024 * 1024, '25 MB'],
    [100 * 1024, '100 KB'],
    [1536 * 1024, '1536 KB'],
    [1000, '1000 bytes'],
    [1, '1 byte'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('uploadFingerprint', () => {
  it('is the SHA-256 of the file, so the Idempotency-Key hash changes with it', async () => {
    await expect(uploadFingerprint(Buffer.from('abc'))).resolves.toBe(
      'file:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await uploadFingerprint(Buffer.from('abd'))).not.toBe(
      await uploadFingerprint(Buffer.from('abc')),
    );
  });
});
