import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { FieldCipher } from '../common/crypto/field-cipher';
import { signWebhook } from '../common/crypto/standard-webhooks';
import { OutboundAgents } from '../common/http/outbound-agents';
import { postPinned, PostFailed } from '../common/http/outbound-post';
import {
  LookupBudgetExceeded,
  OutboundTargets,
  TargetRefused,
} from '../common/http/outbound-target';
import { AppConfig, WebhookSettings } from '../config/app-config';
import { describeAnswer } from './delivery-policy';
import { EventEntity, WebhookEndpointEntity } from './entities';
import { envelopeOf } from './stored-event-recorder';
import { secretContext } from './webhook-secrets';

export const USER_AGENT = 'ProductCustomizer-Webhooks/1.0 (+https://www.standardwebhooks.com)';

/** What one POST gave: an answer (status), or none (`status` null) and why. */
export interface Sent {
  status: number | null;
  retryAfterSeconds: number | null;
  durationMs: number | null;
  error: string | null;
}

/**
 * One POST of an event to an endpoint, signed per Standard Webhooks with the endpoint's current
 * secret (and its previous one during a rotation), to the address its URL resolves to now (checked
 * again at every attempt), without following redirects, over kept-alive connections per checked
 * address.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly settings: WebhookSettings;
  private readonly agents = new OutboundAgents();

  constructor(
    config: AppConfig,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
    private readonly targets: OutboundTargets,
  ) {
    this.settings = config.webhooks;
  }

  onApplicationShutdown(): void {
    this.agents.destroy();
  }

  /** The secrets that sign a delivery now: the current one, and the previous one for a while. */
  secrets(endpoint: WebhookEndpointEntity): string[] {
    const current = this.cipher.decrypt(endpoint.secret, secretContext(endpoint.id));
    const previous =
      endpoint.previousSecret &&
      endpoint.previousSecretUntil &&
      endpoint.previousSecretUntil > this.clock.now()
        ? [this.cipher.decrypt(endpoint.previousSecret, secretContext(endpoint.id, 'previous'))]
        : [];
    return [current, ...previous];
  }

  /** POSTs `event` to `endpoint`, signed with `secrets` (see `secrets`). */
  async send(
    endpoint: Pick<WebhookEndpointEntity, 'url' | 'clientId'>,
    secrets: string[],
    event: EventEntity,
  ): Promise<Sent> {
    const started = performance.now();
    try {
      // Checked again at every attempt: a name may resolve elsewhere since it was accepted. The
      // lookup counts in the client's budget: beyond it, the attempt fails (and is retried).
      const target = await this.targets.resolve(endpoint.url, endpoint.clientId);
      const body = JSON.stringify(envelopeOf(event));
      // Wall-clock time: receivers compare it with theirs (a tolerance of minutes).
      const timestamp = Math.floor(Date.now() / 1000);
      const answer = await postPinned(
        target,
        body,
        {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'webhook-id': event.publicId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secrets, event.publicId, timestamp, body),
        },
        this.settings.timeoutMs,
        this.agents,
      );
      const ok = answer.status >= 200 && answer.status < 300;
      return {
        status: answer.status,
        retryAfterSeconds: answer.retryAfterSeconds,
        durationMs: Math.round(answer.durationMs),
        error: ok ? null : describeAnswer(answer.status, answer.bodyExcerpt),
      };
    } catch (err) {
      const durationMs = Math.round(performance.now() - started);
      if (err instanceof TargetRefused)
        return { status: null, retryAfterSeconds: null, durationMs, error: err.reason };
      if (err instanceof LookupBudgetExceeded)
        return { status: null, retryAfterSeconds: null, durationMs, error: err.message };
      if (err instanceof PostFailed)
        return { status: null, retryAfterSeconds: null, durationMs, error: err.message };
      throw err;
    }
  }
}
