import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientsModule } from '../clients';
import { DailyCountsRepository } from './daily-counts.repository';
import { DeliverMessageJob } from './deliver-message.job';
import { MessageDailyCountEntity } from './message-daily-count.entity';
import { MessageOutbox } from './message-outbox';
import { MessageQuota } from './message-quota';
import { OutboxMessageEntity } from './outbox-message.entity';
import { OutboxMetrics } from './outbox-metrics';
import { OutboxRepository } from './outbox.repository';

/**
 * The outbox and delivery of e-mail and SMS, and their daily caps (docs/design.md §10), for every
 * module. Whether a client is a sandbox client (its messages are held) it asks the clients module.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([OutboxMessageEntity, MessageDailyCountEntity]),
    ClientsModule,
  ],
  providers: [
    MessageOutbox,
    DeliverMessageJob,
    MessageQuota,
    DailyCountsRepository,
    OutboxRepository,
    OutboxMetrics,
  ],
  exports: [MessageOutbox, MessageQuota],
})
export class MessagesModule {}
