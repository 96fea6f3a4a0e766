import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import { TestApp } from '../setup/test-app';
import { TestClient } from './clients';

export const ASSETS_PATH = '/api/assets/uploaded';

/** An uploaded asset as the API answers it. */
export interface Uploaded {
  id: number;
  uri: string;
  userFacingFileName: string | null;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  createdDate: string;
  organizationIdentifier: string | null;
  clientAccountReference: string | null;
}

export interface UploadOptions {
  filename?: string;
  contentType?: string;
  /** The part the file goes in (default `file`). */
  field?: string;
  /** Text fields, sent before the file. */
  fields?: Record<string, string>;
}

/**
 * `POST /api/assets/uploaded` as `c` (no token when undefined) with `file` in a multipart body;
 * without a file (and fields) the body carries one unrelated text field, so it is still multipart.
 */
export function uploadAsset(
  t: TestApp,
  c: TestClient | undefined,
  file: Buffer | undefined,
  {
    filename = 'art.png',
    contentType = 'image/png',
    field = 'file',
    fields = {},
  }: UploadOptions = {},
) {
  let req = request(t.http).post(ASSETS_PATH);
  if (c) req = req.set('SERVICE_API_TOKEN', c.token);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (file) req = req.attach(field, file, { filename, contentType });
  else if (Object.keys(fields).length === 0) req = req.field('note', 'no file');
  return req;
}

/** Every blob file under the app's blob directory (embedded store). */
export async function blobFiles(t: TestApp): Promise<string[]> {
  const root = join(t.config.dataDir, 'blobs');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** How many uploads the client has (rows). */
export async function uploadRows(t: TestApp, clientId: string): Promise<number> {
  const [row] = await t.dataSource.query<{ n: string }[]>(
    'SELECT count(*) AS n FROM uploaded_asset WHERE client_id = $1',
    [clientId],
  );
  return Number(row.n);
}
