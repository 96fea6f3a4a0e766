import { Entry, fromBuffer, ZipFile } from 'yauzl';
import { zipFiles } from './zip';

/** Every entry of a ZIP: name and bytes, in order. */
function unzip(zip: Buffer): Promise<{ name: string; bytes: Buffer }[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (err, file: ZipFile) => {
      if (err) return reject(err);
      const out: { name: string; bytes: Buffer }[] = [];
      file.on('entry', (entry: Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out));
      file.readEntry();
    });
  });
}

describe('zipFiles', () => {
  const files = [
    { name: 'front.pdf', bytes: Buffer.from('%PDF-1.7 front') },
    { name: 'manifest.json', bytes: Buffer.from('{"a":1}') },
    { name: 'empty.txt', bytes: Buffer.alloc(0) },
  ];

  it('holds the files, in order, and nothing else', async () => {
    const entries = await unzip(await zipFiles(files));
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
