import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../clock/clock';
import { FieldCipher } from '../crypto/field-cipher';
import { JobContext, JobQueue } from '../jobs/job-queue';
import { JOB_QUEUES } from '../jobs/job-registry';
import { UnitOfWork } from '../persistence/unit-of-work';
import { maskRecipient, MessageChannel, OutboundMessage } from './outbound-message';
import { OutboxMessageEntity, OutboxStatus } from './outbox-message.entity';
import { NewOutboxMessage, OutboxRepository } from './outbox.repository';
import { SmsWebhook } from './sms-webhook';
import { DeliveryRefused, SmtpMailer } from './smtp-mailer';

/** A message as `outbox list` shows it to the operator: decrypted, whole. */
export interface ListedMessage {
  id: string;
  status: OutboxStatus;
  channel: MessageChannel;
  kind: string;
  locale: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  message: OutboundMessage;
}

const context = (id: string) => `outbox:${id}`;

/**
 * The outbox (DESIGN §10): `enqueue` writes messages in the caller's transaction, with a
 * `deliver-message` job each, so a message exists exactly when the change that causes it commits;
 * the job sends it over SMTP or the SMS webhook and retries with backoff. A channel that is not
 * configured (embedded mode) keeps its messages here, `held`: the log says one is waiting (never
 * what it says: links in messages are capabilities) and `outbox list` shows them.
 */
@Injectable()
export class MessageOutbox implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Messages');
  private readonly mailer?: SmtpMailer;
  private readonly sms?: SmsWebhook;

  constructor(
    config: AppConfig,
    private readonly repo: OutboxRepository,
    private readonly uow: UnitOfWork,
    private readonly jobs: JobQueue,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
  ) {
    const { smtpUrl, from, smsWebhookUrl } = config.messages;
    if (smtpUrl) this.mailer = new SmtpMailer(smtpUrl, from);
    if (smsWebhookUrl) this.sms = new SmsWebhook(smsWebhookUrl);
  }

  onModuleInit(): void {
    this.jobs.handle('deliver-message', (data, job) => this.deliver(data.messageId, job), {
      concurrency: 2,
    });
  }

  onApplicationShutdown(): void {
    this.mailer?.close();
  }

  /** Whether messages of `channel` are sent (else they are held in the outbox). */
  sends(channel: MessageChannel): boolean {
    return channel === 'email' ? this.mailer !== undefined : this.sms !== undefined;
  }

  /**
   * Writes `messages` to the outbox in the open unit of work's transaction (or one of its own)
   * and queues their delivery; answers their ids.
   */
  async enqueue(messages: OutboundMessage[]): Promise<string[]> {
    const now = this.clock.now();
    const rows = messages.map((m): NewOutboxMessage => {
      const id = randomUUID();
      return {
        id,
        clientId: m.clientId ?? null,
        channel: m.channel,
        kind: m.kind,
        locale: m.locale,
        recipientHint: maskRecipient(m.channel, m.to),
        payload: this.cipher.encrypt(JSON.stringify(m), context(id)),
        status: this.sends(m.channel) ? 'queued' : 'held',
        createdAt: now,
      };
    });
    await this.uow.run(async (tx) => {
      await this.repo.insert(rows);
      const queued = rows.filter((r) => r.status === 'queued');
      await this.jobs.sendMany(
        'deliver-message',
        queued.map((r) => ({ data: { messageId: r.id } })),
      );
      tx.afterCommit(() => {
        for (const r of rows.filter((row) => row.status === 'held'))
          this.logger.log(
            { messageId: r.id, channel: r.channel, kind: r.kind, to: r.recipientHint },
            `a message is kept in the outbox: ${r.channel === 'email' ? 'SMTP_URL' : 'SMS_WEBHOOK_URL'} is not set (npm run cli -- outbox list)`,
          );
      });
    });
    return rows.map((r) => r.id);
  }

  /** The `deliver-message` job: sends one message, or records why not. */
  async deliver(messageId: string, job: Pick<JobContext, 'retryCount'>): Promise<void> {
    const row = await this.repo.find(messageId);
    if (!row || row.status === 'sent' || row.status === 'failed') return;
    const message = this.open(row);
    try {
      if (message.channel === 'email')
        await this.transport(this.mailer).send(message.to, message.email);
      else await this.transport(this.sms).send(message.to, message.text);
    } catch (err) {
      const refused = err instanceof DeliveryRefused;
      const final = refused || job.retryCount >= JOB_QUEUES['deliver-message'].retryLimit;
      const reason = err instanceof Error ? err.message : String(err);
      await this.repo.attemptFailed(messageId, reason, final);
      this.logger.warn(
        { messageId, channel: row.channel, kind: row.kind, to: row.recipientHint, reason, final },
        'a message could not be delivered',
      );
      // Refused for good: retrying cannot help, so the job ends here.
      if (!refused) throw err;
      return;
    }
    await this.repo.sent(messageId, this.clock.now());
  }

  /** The newest messages, decrypted, for the operator (`outbox list`). */
  async list(limit: number, status?: OutboxStatus): Promise<ListedMessage[]> {
    const rows = await this.repo.latest(limit, status);
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      channel: r.channel,
      kind: r.kind,
      locale: r.locale,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      message: this.open(r),
    }));
  }

  private open(row: OutboxMessageEntity): OutboundMessage {
    return JSON.parse(this.cipher.decrypt(row.payload, context(row.id))) as OutboundMessage;
  }

  private transport<T>(transport: T | undefined): T {
    // Held messages get no job; a job finds its channel unset only after a restart without it.
    if (!transport) throw new Error('the channel of this message is no longer configured');
    return transport;
  }
}
