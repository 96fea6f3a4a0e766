import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { encryptedColumns } from '../../src/common/crypto/encrypted-columns';
import { FieldCipher } from '../../src/common/crypto/field-cipher';
import { missingKeyIdsSql } from '../../src/common/crypto/stored-keys.repository';
import { KEY_FILE_PATH } from '../../src/common/crypto/key-ring';
import { giveMigrationCipher, runMigrations } from '../../src/database/migrate';
import { EncryptGiftMessages1764000000000 } from '../../src/database/migrations/1764000000000-encrypt-gift-messages';
import { createClient, TestClient } from '../factories/clients';
import { line, order, ordersApi, OrdersApi } from '../factories/orders';
import { createTestApp, startBeside, TestApp } from '../setup/test-app';

const ROOT = join(__dirname, '..', '..');
const STORED = /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const GIFT = 'Happy birthday, Zelda Quixotewski! 🎂 Love, Bartholomew';
const newKey = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('Encryption keys and encrypted gift messages', () => {
  let t: TestApp;
  let a: TestClient;
  let api: OrdersApi;
  const giftColumn = async (po: string) =>
    (
      await t.dataSource.query<{ gift_message: string | null }[]>(
        `SELECT li.gift_message FROM order_line_item li JOIN purchase_order o ON o.id = li.order_id
         WHERE o.purchase_order_number = $1 ORDER BY li.position`,
        [po],
      )
    ).map((r) => r.gift_message);
  const giftsRead = async (po: string) =>
    (
      (await api.getOrder(po).expect(200)).body as { lineItems: { giftMessage: string | null }[] }
    ).lineItems.map((li) => li.giftMessage);

  /** The app on this database, with `keys` as its key ring; resolves once initialised. */
  // Start-up checks only: no workers picking up the print-file jobs of the orders above.
  const startWith = async (keys: string | undefined, env: Record<string, string> = {}) => {
    await startBeside(t, { DATA_ENCRYPTION_KEYS: keys, ...env });
  };
  const currentKeys = async () =>
    t.config.encryptionKeys ?? (await readFile(KEY_FILE_PATH(t.config.dataDir), 'utf8')).trim();

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClient(t.app, { role: Role.User });
    api = ordersApi(t, a);
  });
  afterAll(() => t.close());

  it('stores gift messages encrypted and returns them as sent', async () => {
    const [r1, r2] = await api.fresh(2);
    await api
      .ack(order('GIFT-1', [{ ...line(r1), giftMessage: GIFT }, line(r2, 'MUG')]))
      .expect(200);

    const [stored, none] = await giftColumn('GIFT-1');
    expect(stored).toMatch(STORED);
    expect(stored).not.toContain('Zelda');
    expect(none).toBeNull();
    expect(await giftsRead('GIFT-1')).toEqual([GIFT, null]);
    const search = await request(t.http)
      .post('/api/orders/search')
      .set(api.auth())
      .send({ lastModificationStartDate: '2026-01-01', ignoreDateRestriction: true })
      .expect(200);
    const found = (
      search.body as {
        purchaseOrderNumber: string;
        lineItems: { giftMessage: string | null }[];
      }[]
    ).find((o) => o.purchaseOrderNumber === 'GIFT-1');
    expect(found?.lineItems.map((li) => li.giftMessage)).toEqual([GIFT, null]);
    expect(t.logs()).not.toContain('Zelda');
  });

  it('the migration encrypts gift messages stored in plaintext, with the key ring only', async () => {
    const [r1] = await api.fresh(1);
    await api.ack(order('GIFT-2', [{ ...line(r1), giftMessage: 'plain before' }])).expect(200);
    const migration = new EncryptGiftMessages1764000000000();
    const cipher = t.app.get(FieldCipher);
    // Back to the schema and data before the migration: plaintext gift messages.
    const runner = t.dataSource.createQueryRunner();
    try {
      giveMigrationCipher(runner, cipher);
      await runner.startTransaction();
      await migration.down(runner);
      await runner.query(`DELETE FROM schema_migrations WHERE name = $1`, [migration.name]);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect(await giftColumn('GIFT-2')).toEqual(['plain before']);
    expect(await giftColumn('GIFT-1')).toEqual([GIFT, null]);

    // Without the key ring it fails, and its transaction leaves the plaintext as it was.
    await expect(runMigrations(t.dataSource)).rejects.toThrow(
      /EncryptGiftMessages1764000000000 encrypts stored data and needs the key ring/,
    );
    expect(await giftColumn('GIFT-2')).toEqual(['plain before']);

    // The server runs it with its key ring when it starts.
    await startWith(await currentKeys());
    expect(
      await t.dataSource.query(`SELECT 1 FROM schema_migrations WHERE name = $1`, [migration.name]),
    ).toHaveLength(1);
    const [stored] = await giftColumn('GIFT-2');
    expect(stored).toMatch(STORED);
    expect(await giftsRead('GIFT-2')).toEqual(['plain before']);
    expect(await giftsRead('GIFT-1')).toEqual([GIFT, null]);
  });

  describe('start-up', () => {
    it('refuses to run when stored rows use a key id missing from the ring, naming it', async () => {
      const [used] = t.app.get(FieldCipher).keyIds;
      await expect(startWith(newKey('other'))).rejects.toThrow(
        `Stored data is encrypted with key id ${used}, missing from the key ring (DATA_ENCRYPTION_KEYS)`,
      );
    });

    it('in embedded mode, refuses to run on data whose generated key file was lost', async () => {
      if (t.db.env.DATABASE_URL) return; // only embedded mode generates keys
      const fresh = await mkdtemp(join(t.db.dataDir, 'lost-keys-'));
      await expect(startWith(undefined, { DATA_DIR: fresh })).rejects.toThrow(
        `missing from the key ring (${KEY_FILE_PATH(fresh)}, as DATA_ENCRYPTION_KEYS is not set)`,
      );
    });

    it('covers every encrypted column: a gift message under an unknown key is found too', async () => {
      const [{ id, gift_message }] = await t.dataSource.query<
        { id: number; gift_message: string }[]
      >(`SELECT id, gift_message FROM order_line_item WHERE gift_message IS NOT NULL LIMIT 1`);
      const foreign = gift_message.replace(/^v1\.[^.]+\./, 'v1.ghost.');
      await t.dataSource.query(`UPDATE order_line_item SET gift_message = $1 WHERE id = $2`, [
        foreign,
        id,
      ]);
      try {
        await expect(startWith(await currentKeys())).rejects.toThrow(
          'Stored data is encrypted with key id ghost, missing from the key ring',
        );
      } finally {
        await t.dataSource.query(`UPDATE order_line_item SET gift_message = $1 WHERE id = $2`, [
          gift_message,
          id,
        ]);
      }
    });

    it('finds the key ids with one query through the key-id indexes, not by reading the tables', async () => {
      const columns = encryptedColumns(t.dataSource.entityMetadatas);
      expect(columns).toEqual(
        expect.arrayContaining([
          { table: 'purchase_order', column: 'personal_data', nullable: false },
          { table: 'order_line_item', column: 'gift_message', nullable: true },
        ]),
      );
      const plan = await t.dataSource.transaction(async (m) => {
        // The tables here are tiny, so make the planner show whether the indexes can serve the query.
        await m.query('SET LOCAL enable_seqscan = off');
        const rows = await m.query<{ 'QUERY PLAN': string }[]>(
          `EXPLAIN ${missingKeyIdsSql(columns).replace('$1::text[]', "ARRAY['x']")}`,
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('IDX_purchase_order_personal_data_key');
      expect(plan).toContain('IDX_order_line_item_gift_message_key');
      expect(plan).not.toContain('Seq Scan');
    });

    it('starts with a rotated ring that still holds the old key', async () => {
      await expect(startWith(`${newKey('next')},${await currentKeys()}`)).resolves.toBeUndefined();
    });

    it('exits with a clear error when DATABASE_URL is set without DATA_ENCRYPTION_KEYS', async () => {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [join(ROOT, 'dist', 'src', 'main.js')],
          {
            cwd: ROOT,
            env: { PATH: process.env.PATH ?? '', DATABASE_URL: 'postgres://127.0.0.1:1/none' },
            timeout: 30_000,
          },
          (err, _stdout, stderr) =>
            resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stderr }),
        );
      });
      expect(result.code).toBe(78);
      expect(result.stderr).toContain('DATA_ENCRYPTION_KEYS is required when DATABASE_URL is set');
      expect(result.stderr).toContain('openssl rand -base64 32');
    });
  });
});
