import { ZipFile } from 'yazl';
import { isSafeFileName } from './file-names';

export interface ZipEntry {
  /** A plain file name under the rule of src/common/files/file-names.ts (isSafeFileName). */
  name: string;
  bytes: Buffer;
}

/** A fixed time for every entry, so the same files give the same archive. */
const FIXED_MTIME = new Date('2000-01-01T00:00:00Z');

/**
 * A ZIP of `entries` (the only file that imports yazl): file entries only, in the order given,
 * deflated, with a fixed modification time. Throws on an unsafe or repeated name.
 */
export async function zipFiles(entries: readonly ZipEntry[]): Promise<Buffer> {
  const seen = new Set<string>();
  for (const { name } of entries) {
    // Safe to extract anywhere: no directories, no traversal, no hidden or odd names.
    if (!isSafeFileName(name)) throw new Error(`unsafe file name for a ZIP entry: ${name}`);
    if (seen.has(name.toLowerCase())) throw new Error(`repeated ZIP entry name: ${name}`);
    seen.add(name.toLowerCase());
  }
  const zip = new ZipFile();
  for (const { name, bytes } of entries)
    zip.addBuffer(bytes, name, { mtime: FIXED_MTIME, mode: 0o100644, compress: true });
  zip.end();
  return await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
