import { Response } from 'superagent';
import { Entry, fromBuffer, ZipFile } from 'yauzl';

/** Every entry of a ZIP by name (in the archive's order), read with yauzl. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (err, file: ZipFile) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      file.on('entry', (entry: Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        }),
      );
      file.on('end', () => resolve(out));
      file.readEntry();
    });
  });
}

/** A supertest parser that keeps any body as bytes (e.g. `application/zip`). */
export function bytesParser(res: Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
