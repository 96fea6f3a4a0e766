import { call, Exchange } from '../support/processes/http';
import {
  halfWrittenOrders,
  orderBody,
  storedCounts,
  unfinishedIdempotencyKeys,
} from '../support/processes/orders';
import { useRig } from './support/rig';

/**
 * kill -9 of the API while partners stream acknowledgements (single orders and batches, some
 * with an Idempotency-Key): after a restart, every answered acknowledgement is stored whole,
 * nothing is stored in part, and a retry of every unanswered one gets 200 — replayed when it had
 * been stored and carries an Idempotency-Key — or 409 when it had been stored without one.
 */
const STREAM = 400;
const CONCURRENCY = 8;
/** Three crashes, each after a different number of successful answers. */
const KILL_AFTER_ANSWERS = [25, 60, 110];
const BATCH = 10;

interface Ack {
  numbers: string[];
  path: string;
  headers: Record<string, string>;
  body: unknown;
  answer?: Exchange;
}

describe('kill -9 of the API during a stream of acknowledgements', () => {
  const rig = useRig({ client: 'crash', recipeSets: 12 });

  /** Every 5th request is a batch of 10 orders; every 3rd carries an Idempotency-Key. */
  const ackNumber = (round: number, i: number): Ack => {
    const headers: Record<string, string> =
      i % 3 === 0 ? { 'Idempotency-Key': `crash-${round}-${i}` } : {};
    if (i % 5 === 4) {
      const numbers = Array.from({ length: BATCH }, (_, j) => `CRASH-${round}-${i}-${j}`);
      const body = numbers.map((po, j) => orderBody(po, rig.recipeSets, i + j));
      return { numbers, path: '/api/order/acknowledgements', headers, body };
    }
    const po = `CRASH-${round}-${i}`;
    return {
      numbers: [po],
      path: '/api/order/acknowledgement',
      headers,
      body: orderBody(po, rig.recipeSets, i),
    };
  };

  it.each(KILL_AFTER_ANSWERS.map((killAfter, round) => [round + 1, killAfter]))(
    'crash %i (after %i answers): every answered acknowledgement is whole, none is stored in part; retries get the replay, a fresh 200, or 409 without a key',
    async (round, killAfter) => {
      const sent: Ack[] = [];
      let answered = 0;
      let killing: Promise<void> | undefined;
      const stream = async () => {
        while (!killing && sent.length < STREAM) {
          const ack = ackNumber(round, sent.length);
          sent.push(ack);
          ack.answer = await call(rig.api.baseUrl, 'POST', ack.path, {
            token: rig.token,
            body: ack.body,
            headers: ack.headers,
          });
          if (ack.answer.status === 200 && ++answered === killAfter)
            killing = rig.api.kill('SIGKILL');
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, stream));
      await killing;

      if (sent.some((a) => ![0, 200].includes(a.answer!.status))) console.log(rig.api.log());
      const ok = sent.filter((a) => a.answer!.status === 200);
      const unanswered = sent.filter((a) => a.answer!.status === 0);
      // Before the kill every answer was a success; after it, nothing answered at all.
      expect(sent.filter((a) => ![0, 200].includes(a.answer!.status)).map((a) => a.answer)).toEqual(
        [],
      );
      expect(ok.length).toBeGreaterThanOrEqual(killAfter);
      expect(unanswered.length).toBeGreaterThan(0); // requests were in flight when it died

      await rig.restart();
      expect(await halfWrittenOrders(rig.databaseUrl)).toEqual([]);

      // Every 200 is stored whole: read back through the API, with its personal data decrypted.
      for (const ack of ok) {
        for (const po of ack.numbers) {
          const read = await call(rig.api.baseUrl, 'GET', `/api/order/order-number/${po}`, {
            token: rig.token,
          });
          expect({ po, status: read.status }).toEqual({ po, status: 200 });
          const order = JSON.parse(read.text) as { emailAddress: string; lineItems: unknown[] };
          expect(order.emailAddress).toBe(`${po.toLowerCase()}@example.com`);
          expect(order.lineItems).toHaveLength(2);
        }
      }
      // An unanswered batch is stored entirely or not at all.
      const stored = await storedCounts(
        rig.databaseUrl,
        unanswered.flatMap((a) => a.numbers),
      );
      for (const ack of unanswered) {
        const present = ack.numbers.filter((po) => stored.has(po)).length;
        expect({ numbers: ack.numbers[0], present }).toEqual({
          numbers: ack.numbers[0],
          present: present === 0 ? 0 : ack.numbers.length,
        });
      }

      // Partners retry what got no answer. Without a key: 200, or 409 if it had been stored. With
      // an Idempotency-Key: always 200, replayed if it had been stored (the stored response commits
      // with the orders), run afresh if not (the dead request's claim died with its transaction).
      const unexpected: string[] = [];
      for (const ack of unanswered) {
        const retry = await call(rig.api.baseUrl, 'POST', ack.path, {
          token: rig.token,
          body: ack.body,
          headers: ack.headers,
        });
        const keyed = ack.headers['Idempotency-Key'] !== undefined;
        const storedBefore = stored.has(ack.numbers[0]);
        const expected = keyed ? 200 : storedBefore ? 409 : 200;
        const replayed = retry.headers.get('idempotent-replayed') === 'true';
        if (retry.status !== expected || (keyed && replayed !== storedBefore))
          unexpected.push(`${ack.numbers[0]}: ${retry.status} replayed=${replayed} ${retry.text}`);
      }
      expect(unexpected).toEqual([]);
      // Now every order of the stream that was sent is stored exactly once.
      const all = sent.flatMap((a) => a.numbers);
      const after = await storedCounts(rig.databaseUrl, all);
      expect(all.filter((po) => after.get(po) !== 1)).toEqual([]);
      expect(await unfinishedIdempotencyKeys(rig.databaseUrl)).toEqual([]);
      expect(await halfWrittenOrders(rig.databaseUrl)).toEqual([]);
    },
  );
});
