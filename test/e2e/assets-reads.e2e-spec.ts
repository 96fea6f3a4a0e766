import { request as httpRequest, IncomingMessage } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { ASSETS_PATH, Uploaded, UploadOptions, uploadAsset, uploadRows } from '../factories/assets';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { testImage } from '../support/images';

/** Reading uploads back (tenancy, ids), Idempotency-Key on uploads, and callers without a token. */
describe('Uploaded assets: reads, retries and access (HTTP)', () => {
  let t: TestApp;
  let a: TestClient;
  let b: TestClient;
  let service: TestClient;

  const upload = (c: TestClient | undefined, file: Buffer | undefined, options?: UploadOptions) =>
    uploadAsset(t, c, file, options);
  const get = (c: TestClient, id: string | number) =>
    request(t.http).get(`${ASSETS_PATH}/${id}`).set('SERVICE_API_TOKEN', c.token);

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    b = await createClient(t.app, { role: Role.Admin });
    service = await createClient(t.app, { role: Role.ServiceAdmin });
  });
  afterAll(() => t.close());

  describe('Idempotency-Key', () => {
    it('replays the first upload for the same key and file, and refuses another file with 422', async () => {
      const png = await testImage('png', { width: 12, height: 12 });
      const before = await uploadRows(t, a.id);
      const first = await upload(a, png).set('Idempotency-Key', 'upload-1');
      const again = await upload(a, png).set('Idempotency-Key', 'upload-1');
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await uploadRows(t, a.id)).toBe(before + 1);
      const other = await upload(a, await testImage('png', { width: 13, height: 12 })).set(
        'Idempotency-Key',
        'upload-1',
      );
      expect(other.status).toBe(422);
      const otherFields = await upload(a, png, { fields: { organizationIdentifier: 'O' } }).set(
        'Idempotency-Key',
        'upload-1',
      );
      expect(otherFields.status).toBe(422);
      expect(await uploadRows(t, a.id)).toBe(before + 1);
    });
  });

  describe('GET /api/assets/uploaded/{id}', () => {
    let mine: Uploaded;
    beforeAll(async () => {
      const res = await upload(a, await testImage('webp'), {
        filename: 'mine.webp',
        fields: { clientAccountReference: 'R-1' },
      });
      mine = res.body.data as Uploaded;
    });

    it("reads the caller's upload back", async () => {
      const res = await get(a, mine.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: mine });
      const padded = await get(a, `${mine.id}/`);
      expect(padded.body).toEqual({ data: mine });
    });

    it("answers 404 for another client's upload, and for an absent one; ServiceAdmin reads any", async () => {
      for (const [caller, id] of [
        [b, mine.id],
        [a, 2147483647],
        [a, -5],
        [a, 0],
      ] as const) {
        const res = await get(caller, id);
        expect({ status: res.status, text: res.text }).toEqual({
          status: 404,
          text: `Uploaded asset ${id} was not found.`,
        });
      }
      const res = await get(service, mine.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: mine });
    });

    it('answers 400 for an id that is not a 32-bit integer', async () => {
      for (const id of ['abc', '1.5', '2147483648', '-2147483649', '1e3', '0x10']) {
        const res = await get(a, id);
        expect({ id, status: res.status }).toEqual({ id, status: 400 });
        expect(res.text).toMatch(
          /^Uploaded asset id ".*" is not an integer between -2147483648 and 2147483647\.$/,
        );
      }
    });
  });

  describe('an unknown caller', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      port = (t.app.getHttpServer().address() as AddressInfo).port;
    });

    it('gets 401 before its body is read', async () => {
      const before = await uploadRows(t, a.id);
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: ASSETS_PATH,
          headers: {
            'Content-Type': 'multipart/form-data; boundary=b',
            'Content-Length': String(20 * 1024 * 1024),
          },
        });
        req.on('response', resolve);
        req.on('error', reject);
        // A fraction of the announced body: the answer must come without the rest.
        req.write(
          `--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${'x'.repeat(64 * 1024)}`,
        );
      });
      res.resume();
      expect(res.statusCode).toBe(401);
      expect(res.headers.connection).toBe('close');
      res.socket.destroy();
      expect(await uploadRows(t, a.id)).toBe(before);
    });

    it('gets 401 for a whole upload without a token', async () => {
      const res = await upload(undefined, await testImage('png'));
      expect(res.status).toBe(401);
    });
  });
});
