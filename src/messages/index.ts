/**
 * What other modules may use of the messages module: the outbox of e-mail and SMS (queued in the
 * caller's transaction, delivered by a job, held for sandbox clients), the daily caps, and the
 * templates the features' messages are written with (docs/design.md §10).
 */
export { MessagesModule } from './messages.module';
export { MessageOutbox } from './message-outbox';
export { MessageQuota } from './message-quota';
export { emailDocument, MESSAGE_LOCALES, messageLocale } from './message-templates';
export type { MessageLocale } from './message-templates';
export { maskRecipient } from './outbound-message';
export type { EmailContent, MessageChannel, OutboundMessage } from './outbound-message';
export { OUTBOX_STATUSES } from './outbox-message.entity';
export type { OutboxStatus } from './outbox-message.entity';
/** For the CLI's `config check` (it tries the SMTP server). */
export { SmtpMailer } from './smtp-mailer';
/** The job that delivers one message (the job-handler checks name it). */
export { DeliverMessageJob } from './deliver-message.job';
/** For the whole-schema list. */
export { OutboxMessageEntity } from './outbox-message.entity';
export { MessageDailyCountEntity } from './message-daily-count.entity';
