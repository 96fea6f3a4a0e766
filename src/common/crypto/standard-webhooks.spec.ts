import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signWebhook } from './standard-webhooks';

/** The headers a delivery carries, as a receiver's verify() reads them. */
function headersFor(secrets: string[], id: string, body: string) {
  // The reference library refuses timestamps more than 5 minutes from its clock.
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secrets, id, timestamp, body),
  };
}

const body = JSON.stringify({ type: 'order.shipped', data: { id: 'ord_1', note: 'crème brûlée' } });

describe('newWebhookSecret', () => {
  it('makes a whsec_ secret of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});

describe('signWebhook', () => {
  it('signs what the Standard Webhooks reference library verifies', () => {
    const secret = newWebhookSecret();
    const headers = headersFor([secret], 'msg_2Lh8', body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('matches the reference library signature byte for byte', () => {
    const secret = newWebhookSecret();
    const at = 1_700_000_000;
    expect(signWebhook([secret], 'msg_1', at, body)).toBe(
      new Webhook(secret).sign('msg_1', new Date(at * 1000), body),
    );
  });

  it('signs with every secret, each of which verifies alone', () => {
    const [older, newer] = [newWebhookSecret(), newWebhookSecret()];
    const headers = headersFor([older, newer], 'msg_rotating', body);
    const signatures = headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    expect(headers['webhook-signature']).toBe(
      [
        signWebhook([older], 'msg_rotating', Number(headers['webhook-timestamp']), body),
        signWebhook([newer], 'msg_rotating', Number(headers['webhook-timestamp']), body),
      ].join(' '),
    );
    expect(() => new Webhook(older).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newer).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(
      'No matching signature found',
    );
  });

  it('fails verification when one byte of the body changes', () => {
    const secret = newWebhookSecret();
    const headers = headersFor([secret], 'msg_tampered', body);
    const tampered = body.replace('ord_1', 'ord_2');
    expect(tampered).toHaveLength(body.length);
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow(
      'No matching signature found',
    );
  });

  it('fails verification when the id or the timestamp changes', () => {
    const secret = newWebhookSecret();
    const headers = headersFor([secret], 'msg_a', body);
    const verify = (h: Record<string, string>) => () => new Webhook(secret).verify(body, h);
    expect(verify({ ...headers, 'webhook-id': 'msg_b' })).toThrow('No matching signature found');
    const later = String(Number(headers['webhook-timestamp']) + 1);
    expect(verify({ ...headers, 'webhook-timestamp': later })).toThrow(
      'No matching signature found',
    );
  });

  it.each([
    [[], 'signing a webhook needs at least one secret'],
    [['c2VjcmV0'], 'a webhook secret is whsec_ followed by base64'],
    [['whsec_not base64!'], 'a webhook secret is whsec_ followed by base64'],
    [['whsec_c2VjcmV0'], 'a webhook secret holds 24 to 64 bytes'],
  ])('refuses the secrets %j', (secrets, message) => {
    expect(() => signWebhook(secrets, 'msg_1', 1_700_000_000, body)).toThrow(message);
  });

  it('refuses a timestamp that is not whole seconds', () => {
    const secret = newWebhookSecret();
    expect(() => signWebhook([secret], 'msg_1', 1_700_000_000.5, body)).toThrow(
      'the webhook timestamp is whole seconds since the epoch',
    );
  });
});
