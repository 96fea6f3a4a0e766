import request from 'supertest';
import { TestApp } from '../setup/test-app';
import { testImage } from '../support/images';
import { uploadAsset } from './assets';
import { TestClient } from './clients';

export const SAVED_PATH = '/api/assets/saved';
export const JOBS_PATH = '/api/assets/production-jobs';

/** The list route of an organization (query form), or with the include-uploaded-assets segment. */
export const listPath = (handle: string, organization: string, include?: string): string =>
  `${SAVED_PATH}/client/${handle}/organization/${encodeURIComponent(organization)}` +
  (include === undefined ? '' : `/include-uploaded-assets/${include}`);

let images = 0;

/** An upload of `c` filed under `organization` (a distinct small PNG each time); its id. */
export async function uploadFor(
  t: TestApp,
  c: TestClient,
  organization: string,
  fileName = 'art.png',
): Promise<number> {
  const png = await testImage('png', { width: 8 + (++images % 50), height: 8 + (images % 7) });
  const res = await uploadAsset(t, c, png, {
    filename: fileName,
    fields: { organizationIdentifier: organization, clientAccountReference: 'CUST-1' },
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.text}`);
  return (res.body as { data: { id: number } }).data.id;
}

export const asCaller = (c: TestClient) => ({ SERVICE_API_TOKEN: c.token });

/** `POST /api/assets/saved` as `c`. */
export function saveAsset(t: TestApp, c: TestClient, body: Record<string, unknown>) {
  return request(t.http).post(SAVED_PATH).set(asCaller(c)).send(body);
}

/** `POST /api/assets/saved/{id}/production-jobs` as `c`. */
export function addJob(t: TestApp, c: TestClient, assetId: number | string, body: object) {
  return request(t.http)
    .post(`${SAVED_PATH}/${assetId}/production-jobs`)
    .set(asCaller(c))
    .send(body);
}

/** `PATCH /api/assets/production-jobs/{id}` as `c`; without `body`, a request with no body at all. */
export function reportJob(t: TestApp, c: TestClient, jobId: number | string, body?: object) {
  const req = request(t.http).patch(`${JOBS_PATH}/${jobId}`).set(asCaller(c));
  return body === undefined ? req : req.send(body);
}

/** An upload saved for `organization`; the saved asset's id. */
export async function savedAssetFor(
  t: TestApp,
  c: TestClient,
  organization: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const uploadedAssetId = await uploadFor(t, c, organization);
  const res = await saveAsset(t, c, {
    uploadedAssetId,
    organizationIdentifier: organization,
    clientAccountReference: 'CUST-1',
    ...extra,
  });
  if (res.status !== 201) throw new Error(`save answered ${res.status}: ${res.text}`);
  return (res.body as { data: { id: number } }).data.id;
}
