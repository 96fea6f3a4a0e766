import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { createClient, createToken, TestClient } from '../factories/clients';
import {
  addJob,
  asCaller,
  reportJob,
  SAVED_PATH,
  saveAsset,
  savedAssetFor,
  uploadFor,
} from '../factories/saved-assets';
import { createTestApp, TestApp } from '../setup/test-app';

const JOB = {
  providerHandle: 'wilcom-digitizing',
  providerReference: 'WD-77812',
  reference: 'JOB-1',
  clientReference: 'PO-1',
  template: 'left-chest',
  productColor: 'Navy',
  placement: 'Left Chest',
  placementWidth: { value: '3.50n', type: 'Big Number' },
  placementHeight: { value: 2.1, type: 'Big Number' },
  notes: 'Nine colours at most.',
  workFlowType: 'Standard',
  embellishmentType: 'Embroidery',
};

/** The write side of saved assets: save, production jobs and their reports, deactivation. */
describe('Saved assets: writes (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;
  let other: TestClient;
  let userToken: string;
  let service: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createClient(t.app, { role: Role.Admin });
    other = await createClient(t.app, { role: Role.Admin });
    userToken = await createToken(t.app, admin.handle, Role.User);
    service = await createClient(t.app, { role: Role.ServiceAdmin });
  });
  afterAll(() => t.close());

  describe('POST /api/assets/saved', () => {
    it('saves an upload and answers 201 with the spec shape (PascalCase Url)', async () => {
      const uploadedAssetId = await uploadFor(t, admin, 'ORG-W', 'logo.png');
      const res = await saveAsset(t, admin, {
        uploadedAssetId: String(uploadedAssetId),
        organizationIdentifier: ' ORG-W ',
        clientAccountReference: 'CUST-9',
        serviceAssetReference: 'SVC-1',
      });
      expect(res.status).toBe(201);
      const data = res.body.data;
      expect(data).toMatchObject({
        uploadedAssetId,
        organizationIdentifier: 'ORG-W',
        clientAccountReference: 'CUST-9',
        serviceAssetReference: 'SVC-1',
        userFacingFileName: 'logo.png',
        productionJobs: [],
        hasProductionJob: false,
        clientHandle: admin.handle,
        active: true,
      });
      expect(data.metaData).toEqual({ Url: data.uploadedAssetUri });
      expect(data.uploadedAssetUri).toMatch(/^http:\/\/api\.test\/cdn\/uploads\/.+\.png$/);
      expect(data.createdDate).toBe(data.lastModification);
    });

    it("answers 404 for another client's upload or an absent one, 400 naming a bad field", async () => {
      const theirs = await uploadFor(t, other, 'ORG-W');
      for (const id of [theirs, 2147483647]) {
        const res = await saveAsset(t, admin, {
          uploadedAssetId: id,
          organizationIdentifier: 'ORG-W',
          clientAccountReference: 'C',
        });
        expect({ status: res.status, text: res.text }).toEqual({
          status: 404,
          text: `Uploaded asset ${id} was not found.`,
        });
      }
      const bad = await saveAsset(t, admin, {
        uploadedAssetId: 1,
        organizationIdentifier: 'x'.repeat(201),
        clientAccountReference: '',
      });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('organizationIdentifier must be at most 200 characters');
      expect(bad.text).toContain('clientAccountReference must not be empty');
    });

    it('needs an Admin token', async () => {
      const res = await request(t.http)
        .post(SAVED_PATH)
        .set('SERVICE_API_TOKEN', userToken)
        .send({ uploadedAssetId: 1, organizationIdentifier: 'O', clientAccountReference: 'C' });
      expect(res.status).toBe(403);
    });
  });

  describe('production jobs', () => {
    let assetId: number;
    beforeAll(async () => {
      assetId = await savedAssetFor(t, admin, 'ORG-J');
    });

    it('adds a job with the spec field names; measures are {value, type}', async () => {
      const res = await addJob(t, admin, assetId, JOB);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        ...JOB,
        placementHeight: { value: '2.1', type: 'Big Number' },
        clientHandle: admin.handle,
        status: 'Submitted',
        result: null,
        specificationUri: null,
        dstUri: null,
      });
      const read = await request(t.http).get(`${SAVED_PATH}/${assetId}`).set(asCaller(admin));
      expect(read.body.data.hasProductionJob).toBe(true);
      expect(read.body.data.productionJobs).toEqual([res.body.data]);
      expect(read.body.data.lastModification >= read.body.data.createdDate).toBe(true);
    });

    it('takes a report with a result and outputs, replacing an earlier result whole', async () => {
      const job = (await addJob(t, admin, assetId, { providerHandle: 'p' })).body.data;
      const converted = await uploadFor(t, admin, 'ORG-J');
      const first = await reportJob(t, admin, job.id, {
        status: 'Completed',
        dstUri: 'https://provider.example.com/77812/design.dst',
        result: {
          receivedDate: '2026-03-30T10:05:00.1234567-04:00',
          threadCount: '12840',
          actualWidth: { value: '3.48n', type: 'Big Number' },
          outputs: [
            { uri: 'https://provider.example.com/77812/design.DST' },
            { uri: 'https://provider.example.com/77812/x', assetFormat: '.PDF' },
            {
              uri: 'https://provider.example.com/77812/p',
              assetFormat: 'image/png',
              convertedAssetId: converted,
            },
            { uri: 'https://provider.example.com/77812/w.emb' },
          ],
        },
      });
      expect(first.status).toBe(200);
      const result = first.body.data.result;
      expect(first.body.data).toMatchObject({ status: 'Completed', providerHandle: 'p' });
      expect(result).toMatchObject({
        receivedDate: '2026-03-30T14:05:00.123Z',
        threadCount: 12840,
        actualWidth: { value: '3.48n', type: 'Big Number' },
        actualHeight: null,
      });
      expect(
        result.outputs.map((o: { assetFormat: { extension: string } }) => o.assetFormat.extension),
      ).toEqual(['dst', 'pdf', 'png', 'emb']);
      expect(result.outputs[2].convertedAssetId).toBe(converted);
      expect(result.outputs[3].assetFormat).toMatchObject({
        requiresConversion: true,
        clientHandle: null,
        conversionAssetFormat: { extension: 'dst', requiresConversion: false },
      });
      const second = await reportJob(t, admin, job.id, {
        result: { outputs: [{ uri: 'https://provider.example.com/77812/final.pes' }] },
      });
      expect(second.status).toBe(200);
      expect(second.body.data.status).toBe('Completed');
      expect(second.body.data.result.outputs).toHaveLength(1);
      expect(second.body.data.result.threadCount).toBeNull();
    });

    it('refuses an unknown format, a foreign converted upload, too many outputs, a bad URI', async () => {
      const job = (await addJob(t, admin, assetId, { providerHandle: 'p' })).body.data;
      const unknown = await reportJob(t, admin, job.id, {
        result: { outputs: [{ uri: 'https://x.example/file.xyz' }] },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.text).toMatch(
        /^Invalid request: result\.outputs\[0\]\.assetFormat "xyz" is not a known asset format \(one of png, jpg, .*dst.*\)/,
      );
      const foreign = await reportJob(t, admin, job.id, {
        result: {
          outputs: [
            { uri: 'https://x.example/a.png', convertedAssetId: await uploadFor(t, other, 'O') },
          ],
        },
      });
      expect(foreign.status).toBe(404);
      const many = await reportJob(t, admin, job.id, {
        result: { outputs: Array.from({ length: 21 }, () => ({ uri: 'https://x.example/a.png' })) },
      });
      expect(many.status).toBe(400);
      expect(many.text).toContain('outputs must contain no more than 20 elements');
      const uri = await reportJob(t, admin, job.id, { dstUri: 'ftp://x/a.dst' });
      expect(uri.status).toBe(400);
      expect(uri.text).toContain('dstUri must be an absolute http or https URL');
      const after = await request(t.http).get(`${SAVED_PATH}/${assetId}`).set(asCaller(admin));
      const stored = after.body.data.productionJobs.find((j: { id: number }) => j.id === job.id);
      expect(stored).toMatchObject({ result: null, dstUri: null });
    });

    it('caps the jobs of one asset at 50 (409)', async () => {
      const full = await savedAssetFor(t, admin, 'ORG-FULL');
      const answers = await Promise.all(
        Array.from({ length: 51 }, () => addJob(t, admin, full, { providerHandle: 'p' })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(50);
      expect(statuses.filter((s) => s === 409)).toHaveLength(1);
      expect(answers.find((a) => a.status === 409)?.text).toBe(
        `Saved asset ${full} has 50 production jobs already, the most an asset may have.`,
      );
    });

    it("answers 404 for another client's asset or job, 400 for a non-integer id; ServiceAdmin may write", async () => {
      const job = (await addJob(t, admin, assetId, { providerHandle: 'p' })).body.data;
      const add = await addJob(t, other, assetId, { providerHandle: 'p' });
      expect({ status: add.status, text: add.text }).toEqual({
        status: 404,
        text: `Saved asset ${assetId} was not found.`,
      });
      const patch = await reportJob(t, other, job.id, { status: 'Done' });
      expect({ status: patch.status, text: patch.text }).toEqual({
        status: 404,
        text: `Production job ${job.id} was not found.`,
      });
      expect((await reportJob(t, admin, 'abc', { status: 'x' })).status).toBe(400);
      // A report that changes nothing is refused before the job is looked up.
      for (const body of [{}, undefined]) {
        const empty = await reportJob(t, admin, 999_999, body);
        expect({ status: empty.status, text: empty.text }).toEqual({
          status: 400,
          text: 'The report changes nothing: give at least one of status, providerReference, notes, specificationUri, dstUri, result.',
        });
      }
      expect((await addJob(t, admin, '1.5', { providerHandle: 'p' })).status).toBe(400);
      const byService = await reportJob(t, service, job.id, { status: 'Approved' });
      expect(byService.status).toBe(200);
      expect(byService.body.data.clientHandle).toBe(admin.handle);
    });

    it('needs providerHandle and an Admin token', async () => {
      const res = await addJob(t, admin, assetId, { status: 'x' });
      expect(res.status).toBe(400);
      expect(res.text).toContain('providerHandle');
      const user = await request(t.http)
        .patch(`/api/assets/production-jobs/1`)
        .set('SERVICE_API_TOKEN', userToken)
        .send({ status: 'x' });
      expect(user.status).toBe(403);
    });
  });

  describe('DELETE /api/assets/saved/{id}', () => {
    it('deactivates: 204, then 404 on read, on a second delete and for new jobs', async () => {
      const id = await savedAssetFor(t, admin, 'ORG-D');
      const del = () => request(t.http).delete(`${SAVED_PATH}/${id}`).set(asCaller(admin));
      expect(
        (await request(t.http).delete(`${SAVED_PATH}/${id}`).set(asCaller(other))).status,
      ).toBe(404);
      expect((await del()).status).toBe(204);
      const read = await request(t.http).get(`${SAVED_PATH}/${id}`).set(asCaller(admin));
      expect({ status: read.status, text: read.text }).toEqual({
        status: 404,
        text: `Saved asset ${id} was not found.`,
      });
      expect((await del()).status).toBe(404);
      expect((await addJob(t, admin, id, { providerHandle: 'p' })).status).toBe(404);
      const [row] = await t.dataSource.query(
        'SELECT active FROM saved_uploaded_asset WHERE id = $1',
        [id],
      );
      expect(row.active).toBe(false);
    });
  });
});
