import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { FieldCipher } from '../common/crypto/field-cipher';
import { JobContext, JobQueue } from '../common/jobs/job-queue';
import { JOB_QUEUES } from '../common/jobs/job-registry';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { withDeadline } from '../common/scheduling/deadline';
import { AppConfig } from '../config/app-config';
import { ClientsService } from '../clients';
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

/** A message an immediate attempt found refused for good (it is recorded `failed`). */
export interface RefusedMessage {
  id: string;
  channel: MessageChannel;
  /** The recipient, masked (maskRecipient). */
  recipientHint: string;
}

export interface EnqueueOptions {
  /**
   * Starts the delivery jobs this many seconds later: the caller attempts the messages itself
   * (deliverNow) after the commit, and a job normally finds its message sent already.
   */
  jobDelaySeconds?: number;
}

/**
 * How long one attempt holds a message: longer than a send may take (SMTP gives up after 10 s to
 * connect and 30 s of silence; the SMS webhook after 10 s), so two attempts never overlap.
 */
const CLAIM_SECONDS = 90;

type AttemptOutcome = { kind: 'sent' } | { kind: 'refused' } | { kind: 'retry'; error: unknown };

const context = (id: string) => `outbox:${id}`;

/**
 * The outbox (docs/design.md §10): `enqueue` writes messages in the caller's transaction, with a
 * `deliver-message` job each, so a message exists exactly when the change that causes it commits;
 * the job (DeliverMessageJob) sends it over SMTP or the SMS webhook and retries with backoff. A channel that is not
 * configured (embedded mode) keeps its messages here, `held`: the log says one is waiting (never
 * what it says: links in messages are capabilities) and `outbox list` shows them.
 */
@Injectable()
export class MessageOutbox implements OnApplicationShutdown {
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
    private readonly clients: ClientsService,
  ) {
    const { smtpUrl, from, smsWebhookUrl } = config.messages;
    if (smtpUrl) this.mailer = new SmtpMailer(smtpUrl, from);
    if (smsWebhookUrl) this.sms = new SmsWebhook(smsWebhookUrl);
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
  async enqueue(messages: OutboundMessage[], options: EnqueueOptions = {}): Promise<string[]> {
    return (await this.enqueueCounted(messages, options)).ids;
  }

  /**
   * `enqueue`, answering also how many of the messages are held (a sandbox client's, or of a
   * channel that is not configured): they are kept, never sent.
   */
  async enqueueCounted(
    messages: OutboundMessage[],
    options: EnqueueOptions = {},
  ): Promise<{ ids: string[]; held: number }> {
    const now = this.clock.now();
    // A sandbox client's messages are held whatever is configured: never sent, listed to it.
    // (Asked only of messages that would be sent: the others are held anyway.)
    const sandbox = await this.clients.sandboxIds(
      messages.flatMap((m) => (m.clientId && this.sends(m.channel) ? [m.clientId] : [])),
    );
    const held = (m: OutboundMessage) =>
      (m.clientId != null && sandbox.has(m.clientId)) || !this.sends(m.channel);
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
        status: held(m) ? 'held' : 'queued',
        createdAt: now,
      };
    });
    await this.uow.run(async (tx) => {
      await this.repo.insert(rows);
      const queued = rows.filter((r) => r.status === 'queued');
      await this.jobs.sendMany(
        'deliver-message',
        queued.map((r) => ({
          data: { messageId: r.id },
          delaySeconds: options.jobDelaySeconds,
          // Queued messages are live clients' (a sandbox client's are held).
          ...(r.clientId ? { owner: { clientId: r.clientId, sandbox: false } } : {}),
        })),
      );
      tx.afterCommit(() => {
        for (const r of rows.filter(
          (row) => row.status === 'held' && !sandbox.has(row.clientId ?? ''),
        ))
          this.logger.log(
            { messageId: r.id, channel: r.channel, kind: r.kind, to: r.recipientHint },
            `a message is kept in the outbox: ${r.channel === 'email' ? 'SMTP_URL' : 'SMS_WEBHOOK_URL'} is not set (npm run cli -- outbox list)`,
          );
      });
    });
    return { ids: rows.map((r) => r.id), held: rows.filter((r) => r.status === 'held').length };
  }

  /** The `deliver-message` job's work (DeliverMessageJob): sends one message, or records why not. */
  async deliver(messageId: string, job: Pick<JobContext, 'retryCount'>): Promise<void> {
    if (!(await this.repo.claim(messageId, CLAIM_SECONDS))) {
      const row = await this.repo.find(messageId);
      if (!row || row.status !== 'queued') return;
      // An immediate attempt is sending it: this job looks again at its next retry.
      throw new Error('another attempt is sending this message');
    }
    const row = await this.repo.find(messageId);
    if (!row) return;
    const last = job.retryCount >= JOB_QUEUES['deliver-message'].retryLimit;
    const outcome = await this.attempt(row, last);
    // Refused for good: retrying cannot help, so the job ends here.
    if (outcome.kind === 'retry') throw outcome.error;
  }

  /**
   * Attempts queued messages at once (after the commit that queued them with `jobDelaySeconds`),
   * waiting at most `deadlineMs` in all; answers those refused for good by then. A message not
   * sent by then (a transient failure, or still sending) is left to its job; held messages are
   * not attempted.
   */
  async deliverNow(ids: readonly string[], deadlineMs: number): Promise<RefusedMessage[]> {
    // Inside a unit of work the messages are not committed yet: sending them now could send what
    // a rollback then erases. Their jobs send them.
    if (this.uow.inTransaction) return [];
    const refused: RefusedMessage[] = [];
    const attempts = ids.map(async (id) => {
      // Claimed: the delivery job cannot send it meanwhile.
      if (!(await this.repo.claim(id, CLAIM_SECONDS))) return;
      const row = await this.repo.find(id);
      if (!row) return;
      const outcome = await this.attempt(row, false);
      if (outcome.kind === 'refused')
        refused.push({ id, channel: row.channel, recipientHint: row.recipientHint });
    });
    // Attempts past the deadline go on and record their outcome; this answer no longer waits.
    await withDeadline(Promise.allSettled(attempts), deadlineMs).catch(() => undefined);
    return [...refused];
  }

  /** One attempt at a claimed message; `last`: a transient failure ends it too. */
  private async attempt(row: OutboxMessageEntity, last: boolean): Promise<AttemptOutcome> {
    const message = this.open(row);
    try {
      if (message.channel === 'email')
        await this.transport(this.mailer).send(message.to, message.email);
      else await this.transport(this.sms).send(message.to, message.text);
    } catch (err) {
      const refused = err instanceof DeliveryRefused;
      const final = refused || last;
      const reason = err instanceof Error ? err.message : String(err);
      await this.repo.attemptFailed(row.id, reason, final);
      this.logger.warn(
        {
          messageId: row.id,
          channel: row.channel,
          kind: row.kind,
          to: row.recipientHint,
          reason,
          final,
        },
        'a message could not be delivered',
      );
      return refused ? { kind: 'refused' } : { kind: 'retry', error: err };
    }
    await this.repo.sent(row.id, this.clock.now());
    return { kind: 'sent' };
  }

  /** The newest messages, decrypted, for the operator (`outbox list`). */
  async list(limit: number, status?: OutboxStatus): Promise<ListedMessage[]> {
    const rows = await this.repo.latest(limit, status);
    return rows.map((r) => this.listed(r));
  }

  /**
   * The newest held messages of a (sandbox) client, decrypted: they are the client's own test
   * messages, never sent (GET /api/sandbox/messages).
   */
  async heldFor(clientId: string, limit: number): Promise<ListedMessage[]> {
    const rows = await this.repo.latest(limit, 'held', clientId);
    return rows.map((r) => this.listed(r));
  }

  private listed(r: OutboxMessageEntity): ListedMessage {
    return {
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
    };
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
