import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { EventRecorder } from '../../src/common/events/event-recorder';
import { UnitOfWork } from '../../src/common/persistence/unit-of-work';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import { eventually } from '../support/messages';

/**
 * The event log never passes over an event whose transaction commits after a later one: a page
 * stops before the oldest transaction still running, and what it commits comes after the cursor.
 * Two transactions at once need PostgreSQL (the embedded database runs one at a time), so this
 * runs in the PostgreSQL pass of CI (`DATABASE_URL` set) and is skipped in the embedded one.
 */
const external = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

(external ? describe : describe.skip)(
  'Webhooks: the event log and a late commit (PostgreSQL)',
  () => {
    let t: TestApp;
    let c: TestClient;

    beforeAll(async () => {
      t = await createTestApp();
      c = await createClient(t.app, { role: Role.Admin });
    });
    afterAll(() => t.close());

    const record = (po: string) =>
      t.app
        .get(EventRecorder)
        .record([
          { clientId: c.id, type: 'order.acknowledged', purchaseOrderNumber: po, data: {} },
        ]);
    const page = async (after?: string) => {
      // Not through webhooksApi: it waits for running transactions to end, the point here.
      const res = await request(t.http)
        .get('/api/events')
        .query(after ? { after } : {})
        .set('SERVICE_API_TOKEN', c.token);
      expect(res.status).toBe(200);
      return res.body as { data: { data: { purchaseOrderNumber: string } }[]; next: string };
    };
    const numbers = (p: Awaited<ReturnType<typeof page>>) =>
      p.data.map((e) => e.data.purchaseOrderNumber);

    it('holds back what commits after the open transaction, then answers both after the cursor', async () => {
      await record('FIRST');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let written!: () => void;
      const recorded = new Promise<void>((r) => (written = r));
      // A transaction that has written (it holds a transaction id, as any unit of work that
      // changes something before its events), records LATE and stays open while another one
      // commits NEXT. Its events are written right before it commits (Transaction.batch).
      const uow = t.app.get(UnitOfWork);
      const slow = uow.run(async () => {
        await uow.manager.query('SELECT pg_current_xact_id()');
        await record('LATE');
        written();
        await held;
      });
      await recorded;
      await record('NEXT');

      // The horizon is the oldest transaction running in the whole PostgreSQL server, so another
      // test file's transaction (its own database, the same server) may hold FIRST back a moment
      // too; LATE and NEXT stay back while LATE's transaction is open.
      let before!: Awaited<ReturnType<typeof page>>;
      await eventually(
        'FIRST is in the log',
        async () => {
          before = await page();
          expect(numbers(before).filter((n) => n !== 'FIRST')).toEqual([]);
          return numbers(before).includes('FIRST');
        },
        60_000,
      );
      expect(numbers(before)).toEqual(['FIRST']);
      release();
      await slow;
      // Both after the cursor, in the order of their transactions.
      const after = await page(before.next);
      expect(numbers(after)).toEqual(['LATE', 'NEXT']);
    });
  },
);
