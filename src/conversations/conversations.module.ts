import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventsModule } from '../audit-events/audit-events.module.js';
import { ConversationsService } from './conversations.service.js';
import { Conversation } from './entities/conversation.entity.js';
import { Message } from './entities/message.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Conversation, Message]), AuditEventsModule],
  providers: [ConversationsService],
  exports: [ConversationsService],
})
export class ConversationsModule {}
