import { createHash } from 'node:crypto';
import { zipFiles } from '../common/files/zip';
import { movedBack } from '../common/workers/worker-entry';
import type { PrintManifest } from './print-files';
import { drawPrintPdf, type PrintPdfPlan } from './print-pdf';

/**
 * The worker-thread tasks of print files (see print-files.ts): what is CPU-heavy in JavaScript
 * runs here, never on the event loop — drawing and serialising each PDF (pdf-lib writes every
 * stream byte by byte), hashing every file, writing the manifest and the ZIP (its CRC-32 is
 * computed in JavaScript). What a task makes is moved back to the caller, not copied. A plain
 * module: it imports only src/common and this folder's plain files (a worker thread loads it).
 */

/** A file of a print-file set on its way to the package: its name and bytes. */
export interface PackedFile {
  name: string;
  bytes: Uint8Array;
}

export interface PackInput {
  /** In the ZIP's order, before `manifest.json`. */
  files: PackedFile[];
  /**
   * The manifest, its file entries' `sha256` still to fill: each entry whose `name` is a file's
   * gets that file's SHA-256 (and its size in `bytes`).
   */
  manifest: PrintManifest;
}

export interface PackOutput {
  /** The files again (moved back), with their SHA-256. */
  files: (PackedFile & { sha256: string })[];
  manifest: PrintManifest;
  zip: Uint8Array;
}

/** `bytes` as a Buffer over the same memory. */
const view = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * `bytes` if they are their whole ArrayBuffer (it can be moved), else a copy that is (a view into
 * a shared buffer, such as Node's pool of small Buffers, must not be moved).
 */
const movable = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);

/** Draws and serialises one location's print PDF (see drawPrintPdf); its bytes moved back. */
export async function drawPdf(plan: PrintPdfPlan): Promise<{ bytes: Uint8Array }> {
  const bytes = movable(await drawPrintPdf(plan));
  return movedBack({ bytes }, [bytes.buffer]);
}

/**
 * Hashes every file (SHA-256), fills the manifest's entries with them, writes `manifest.json`
 * (indented, newline-terminated) and the ZIP of the files and the manifest. Files, manifest and
 * ZIP are moved back.
 */
export async function packFiles({ files, manifest }: PackInput): Promise<PackOutput> {
  const hashed = files.map((f) => ({
    name: f.name,
    bytes: movable(f.bytes),
    sha256: createHash('sha256').update(f.bytes).digest('hex'),
  }));
  const byName = new Map(hashed.map((f) => [f.name, f]));
  fillHashes(manifest, byName);
  const zip = movable(
    await zipFiles([
      ...hashed.map((f) => ({ name: f.name, bytes: view(f.bytes) })),
      { name: 'manifest.json', bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    ]),
  );
  return movedBack({ files: hashed, manifest, zip }, [
    ...hashed.map((f) => f.bytes.buffer),
    zip.buffer,
  ]);
}

/** Sets `sha256` and `bytes` of every manifest file entry named like one of `files`. */
function fillHashes(
  manifest: PrintManifest,
  files: Map<string, { bytes: Uint8Array; sha256: string }>,
): void {
  for (const location of manifest.locations)
    for (const entry of location.files) {
      const file = files.get(entry.name);
      if (!file) continue;
      entry.sha256 = file.sha256;
      entry.bytes = file.bytes.byteLength;
    }
}
