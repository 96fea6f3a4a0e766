import { zipFiles } from './zip';
import { unzip } from '../../../test/support/zip';

describe('zipFiles', () => {
  const files = [
    { name: 'front.pdf', bytes: Buffer.from('%PDF-1.7 front') },
    { name: 'manifest.json', bytes: Buffer.from('{"a":1}') },
    { name: 'empty.txt', bytes: Buffer.alloc(0) },
  ];

  it('holds the files, in order, and nothing else', async () => {
    const entries = [...(await unzip(await zipFiles(files))).entries()].map(([name, bytes]) => ({
      name,
      bytes,
    }));
    expect(entries.map((e) => e.name)).toEqual(['front.pdf', 'manifest.json', 'empty.txt']);
    entries.forEach((e, i) => expect(e.bytes.equals(files[i].bytes)).toBe(true));
  });

  it('gives the same bytes for the same files', async () => {
    expect((await zipFiles(files)).equals(await zipFiles(files))).toBe(true);
  });

  it('refuses names that are not plain file names, and repeated names', async () => {
    for (const name of ['../x', 'a/b', '.hidden', '', 'c:\\x', 'a b'])
      await expect(zipFiles([{ name, bytes: Buffer.alloc(1) }])).rejects.toThrow(/unsafe/);
    await expect(
      zipFiles([
        { name: 'a.png', bytes: Buffer.alloc(1) },
        { name: 'A.png', bytes: Buffer.alloc(1) },
      ]),
    ).rejects.toThrow(/repeated/);
  });
});
