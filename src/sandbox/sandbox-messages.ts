import { Injectable } from '@nestjs/common';
import { Actor } from '../common/auth/actor';
import { MessageOutbox } from '../messages';
import { HeldMessageListDto } from './sandbox.dto';

/**
 * A sandbox client's e-mails and SMS: held in the outbox, never sent, and shown to the client
 * whole (they are its own test messages; the links in them work, as they would for a recipient).
 */
@Injectable()
export class SandboxMessages {
  constructor(private readonly outbox: MessageOutbox) {}

  async held(actor: Actor, limit: number): Promise<HeldMessageListDto> {
    const listed = await this.outbox.heldFor(actor.clientId, limit);
    const data = listed.map(({ id, message, createdAt }) => ({
      id,
      channel: message.channel,
      kind: message.kind,
      to: message.to,
      subject: message.channel === 'email' ? message.email.subject : null,
      text: message.channel === 'email' ? message.email.text : message.text,
      createdAt,
    }));
    return { data };
  }
}
