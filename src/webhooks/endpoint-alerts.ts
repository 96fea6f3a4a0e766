import { Injectable } from '@nestjs/common';
import { ClientsService } from '../clients';
import { MessageOutbox } from '../messages';
import { escapeHtml } from '../common/pages';
import { WebhookEndpointEntity } from './entities';

/**
 * Tells a client's Admin users that the service disabled one of their endpoints, by e-mail
 * through the outbox (in the transaction that disables it).
 */
@Injectable()
export class EndpointAlerts {
  constructor(
    private readonly clients: ClientsService,
    private readonly outbox: MessageOutbox,
  ) {}

  async disabled(endpoint: WebhookEndpointEntity, reason: string): Promise<void> {
    const admins = await this.clients.activeAdminContacts(endpoint.clientId);
    if (admins.length === 0) return;
    const subject = 'A webhook endpoint was disabled';
    // Without its query: a URL may carry a key of the receiver's.
    const where = new URL(endpoint.url);
    const text = [
      `The webhook endpoint ${where.origin}${where.pathname} (${endpoint.id}) was disabled: ${reason}.`,
      'No events are delivered to it until it is enabled again (PATCH /api/webhooks/endpoints/{id} with {"status":"enabled"}).',
      'Events it missed can be sent again with POST /api/webhooks/endpoints/{id}/replay, or read from GET /api/events.',
    ].join('\n\n');
    const html = text
      .split('\n\n')
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('');
    await this.outbox.enqueue(
      admins.map((a) => ({
        channel: 'email' as const,
        kind: 'webhook-disabled',
        locale: 'en',
        clientId: endpoint.clientId,
        to: a.email,
        email: { subject, html, text },
      })),
    );
  }
}
