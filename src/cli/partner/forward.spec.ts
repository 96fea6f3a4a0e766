import { Webhook } from 'standardwebhooks';
import { newWebhookSecret } from '../../common/crypto/standard-webhooks';
import { LoggedEvent } from './api';
import { signedDelivery } from './forward';
import { eventLine } from './listen';

const EVENT: LoggedEvent = {
  id: 'evt_2b3Jx0yQf1mZ8vR4kT6wLg',
  type: 'order.acknowledged',
  timestamp: '2026-12-03T16:00:00.000Z',
  data: { clientHandle: 'acme', purchaseOrderNumber: 'PO-1', sequence: 1, note: 'é ✓' },
};

describe('pci listen: what it POSTs', () => {
  it('signs per Standard Webhooks: the official library verifies it and answers the event', () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const { body, headers } = signedDelivery(secret, EVENT, now);
    expect(body).toBe(JSON.stringify(EVENT));
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': EVENT.id,
      'webhook-timestamp': String(now),
    });
    expect(new Webhook(secret).verify(body, headers)).toEqual(EVENT);
    // Another secret, or an altered body, does not verify.
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('PO-1', 'PO-2'), headers)).toThrow();
  });

  it('prints one line per event: time, type, id, sequence, status, ms', () => {
    const at = new Date('2026-12-03T16:20:01.345Z');
    expect(eventLine(EVENT, { status: 204, error: null, attempts: 1, ms: 12 }, at)).toBe(
      '2026-12-03T16:20:01Z  order.acknowledged              evt_2b3Jx0yQf1mZ8vR4kT6wLg  seq 1    -> 204  12 ms',
    );
    expect(eventLine(EVENT, { status: 200, error: null, attempts: 3, ms: 3012 }, at)).toMatch(
      /seq 1 {4}-> 200 {2}3012 ms {2}\(3 attempts\)$/,
    );
    const ping = { ...EVENT, type: 'webhook.ping', data: { clientHandle: 'acme' } };
    expect(
      eventLine(
        ping,
        { status: null, error: 'connect ECONNREFUSED 127.0.0.1:8080', attempts: 4, ms: 7004 },
        at,
      ),
    ).toBe(
      '2026-12-03T16:20:01Z  webhook.ping                    evt_2b3Jx0yQf1mZ8vR4kT6wLg  seq -    -> no answer (connect ECONNREFUSED 127.0.0.1:8080; 4 attempts)  7004 ms',
    );
  });
});
