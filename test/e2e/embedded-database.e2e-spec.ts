import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import {
  EmbeddedDatabase,
  EmbeddedDatabaseInUse,
  openEmbeddedDatabase,
} from '../../src/database/embedded-postgres';

/** The embedded PostgreSQL itself: many pooled connections at once, as the app uses it. */
describe('Embedded PostgreSQL (PGlite over a unix socket)', () => {
  let dir: string;
  let db: EmbeddedDatabase;
  let pool: Pool;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pci-embedded-'));
    db = await openEmbeddedDatabase(dir, { attachIfRunning: false, maxConnections: 12 });
    const c = db.connection as { host: string; port: number; username: string; database: string };
    pool = new Pool({
      host: c.host,
      port: c.port,
      user: c.username,
      database: c.database,
      max: 10,
    });
  });
  afterAll(async () => {
    await pool.end();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps concurrent parameterised queries of different connections apart, in and out of transactions', async () => {
    const inTransaction = async (i: number): Promise<number> => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const r = await c.query<{ n: number }>('SELECT $1::int AS n', [i]);
        await c.query('COMMIT');
        return r.rows[0].n;
      } finally {
        c.release();
      }
    };
    const plain = async (i: number): Promise<number> =>
      (await pool.query<{ n: number }>('SELECT $1::int AS n', [i])).rows[0].n;
    const ids = Array.from({ length: 300 }, (_, i) => i);
    const results = await Promise.all(ids.map((i) => (i % 2 ? inTransaction(i) : plain(i))));
    expect(results).toEqual(ids);
  });

  it('runs statements in its own thread: the event loop turns while a long statement runs', async () => {
    // PGlite runs a statement synchronously from start to end; on the event loop this one held
    // every timer until it answered (one or two turns in all, before and after).
    let turns = 0;
    const timer = setInterval(() => turns++, 5);
    try {
      const r = await pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM generate_series(1, 6000000) g, LATERAL (SELECT md5(g::text)) m',
      );
      expect(r.rows[0].n).toBe('6000000');
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThan(10);
  });

  it('keeps a transaction isolated from other connections and survives failing statements', async () => {
    await pool.query('CREATE TABLE t (id int PRIMARY KEY)');
    const a = await pool.connect();
    try {
      await a.query('BEGIN');
      await a.query('INSERT INTO t VALUES ($1)', [1]);
      const [outside, failing] = await Promise.all([
        pool.query<{ n: string }>('SELECT count(*) AS n FROM t'),
        pool.query('SELECT * FROM missing_table').catch((e: Error) => e),
        a.query('ROLLBACK'),
      ]);
      expect(outside.rows[0].n).toBe('0');
      expect(failing).toBeInstanceOf(Error);
    } finally {
      a.release();
    }
    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pool.query<{ n: number }>('SELECT $1::int AS n', [i])),
    );
    after.forEach((r, i) => expect(r.rows[0].n).toBe(i));
  });

  it("runs with small shared buffers: its memory is the API process's memory", async () => {
    const r = await pool.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(r.rows[0].shared_buffers).toBe('16MB');
  });

  it('refuses a second owner of the same data directory, but lets others attach', async () => {
    await expect(
      openEmbeddedDatabase(dir, { attachIfRunning: false, maxConnections: 2 }),
    ).rejects.toBeInstanceOf(EmbeddedDatabaseInUse);
    const attached = await openEmbeddedDatabase(dir, { attachIfRunning: true, maxConnections: 2 });
    expect(attached.owned).toBe(false);
    await attached.close();
  });
});
