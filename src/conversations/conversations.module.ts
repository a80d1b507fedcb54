import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventsModule } from '../audit-events/audit-events.module.js';
import { ConversationsService } from './conversations.service.js';
import { Conversation } from './entities/conversation.entity.js';
import { Message } from './entities/message.entity.js';
import { FeedbackService } from './feedback.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Conversation, Message]), AuditEventsModule],
  providers: [ConversationsService, FeedbackService],
  exports: [ConversationsService, FeedbackService],
})
export class ConversationsModule {}
