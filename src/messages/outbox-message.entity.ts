import { Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { ClientAccountEntity } from '../clients';
import type { MessageChannel } from './outbound-message';

/**
 * `queued`: a delivery job will send it; `held`: its channel is not configured (embedded mode),
 * it stays here (`outbox list`); `sent`; `failed`: refused for good, or retries spent.
 */
export const OUTBOX_STATUSES = ['queued', 'held', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * One message to one recipient, written in the transaction of the change that causes it and sent
 * by the `deliver-message` job (docs/design.md §10). The recipient and the content are encrypted
 * (they are personal, and links in them are capabilities); only a masked recipient is kept in
 * clear.
 */
@Entity({ name: 'outbox_message' })
@Index('IDX_outbox_message_created', ['createdAt'])
@Index('IDX_outbox_message_client', ['clientId', 'createdAt'])
@Index('IDX_outbox_message_unsent', ['status', 'kind'], { where: `status <> 'sent'` })
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /**
   * The client the message is sent for (deleted with it), if any: a foreign key without a
   * relation, the row needs no client loaded.
   */
  @Column({ name: 'client_id', type: 'uuid', nullable: true })
  @ForeignKey(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  clientId: string | null;

  @Column({ type: 'varchar', length: 8 })
  channel: MessageChannel;

  @Column({ type: 'varchar', length: 50 })
  kind: string;

  @Column({ type: 'varchar', length: 16 })
  locale: string;

  /** The recipient as listings show it (maskRecipient). */
  @Column({ name: 'recipient_hint', type: 'varchar', length: 100 })
  recipientHint: string;

  /** The message (OutboundMessage as JSON), encrypted with the key ring (context: outbox:<id>). */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 16 })
  status: OutboxStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Why the last attempt failed: the transport's error, never the content. */
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /**
   * While an attempt is sending the message: until when it may (a lease), so that the job and an
   * immediate attempt (MessageOutbox.deliverNow) never send it both.
   */
  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil: Date | null;
}
