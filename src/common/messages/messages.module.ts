import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MessageOutbox } from './message-outbox';
import { OutboxMessageEntity } from './outbox-message.entity';
import { OutboxRepository } from './outbox.repository';

/** The outbox and delivery of e-mail and SMS (DESIGN §10), for every module. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessageEntity])],
  providers: [MessageOutbox, OutboxRepository],
  exports: [MessageOutbox],
})
export class MessagesModule {}
