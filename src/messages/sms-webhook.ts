import { DeliveryRefused } from './smtp-mailer';

const TIMEOUT_MS = 10_000;

/**
 * SMS through an HTTP provider: POST `{"to", "body"}` as JSON to SMS_WEBHOOK_URL; any 2xx is sent.
 * A 4xx other than 408 and 429 is refused for good (the provider will not take this message);
 * anything else is retried. Errors never name the URL (it may carry the provider's key).
 */
export class SmsWebhook {
  constructor(private readonly url: string) {}

  async send(to: string, body: string): Promise<void> {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      const name = (err as Error).name;
      throw new Error(
        name === 'TimeoutError'
          ? `SMS provider did not answer in ${TIMEOUT_MS} ms`
          : 'SMS provider unreachable',
      );
    }
    await res.body?.cancel();
    if (res.ok) return;
    const said = `SMS provider answered ${res.status}`;
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)
      throw new DeliveryRefused(said);
    throw new Error(said);
  }
}
