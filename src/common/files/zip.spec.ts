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

  it('takes the names the file name rule allows (spaces, +, 128 characters)', async () => {
    const names = ['PO 1-A+B-front.pdf', `${'x'.repeat(124)}.png`];
    const zip = await zipFiles(names.map((name) => ({ name, bytes: Buffer.alloc(1) })));
    expect([...(await unzip(zip)).keys()]).toEqual(names);
  });

  it('refuses names that are not plain file names, and repeated names', async () => {
    for (const name of ['../x', 'a/b', '.hidden', '', 'c:\\x', ' a', 'a.', 'x'.repeat(129)])
      await expect(zipFiles([{ name, bytes: Buffer.alloc(1) }])).rejects.toThrow(/unsafe/);
    await expect(
      zipFiles([
        { name: 'a.png', bytes: Buffer.alloc(1) },
        { name: 'A.png', bytes: Buffer.alloc(1) },
      ]),
    ).rejects.toThrow(/repeated/);
  });
});
