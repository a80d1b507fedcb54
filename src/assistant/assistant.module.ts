import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module.js';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { AssistantController } from './assistant.controller.js';
import { ChatFilesService } from './chat-files.service.js';
import { ChatStreamService } from './chat-stream.service.js';
import { ConversationRepliesService } from './conversation-replies.service.js';
import { ConversationTitles } from './conversation-titles.service.js';
import { ConversationsController } from './conversations.controller.js';
import { FeedbackController } from './feedback.controller.js';
import { LiveRepliesService } from './live-replies.service.js';
import { AgentToolApprovalsModule } from './agent-tool-approvals/agent-tool-approvals.module.js';
import { McpModule } from './mcp/mcp.module.js';
import { ReplyGenerator } from './reply-generator.service.js';
import { RouterService } from './router.service.js';
import { AgentToolsFactory } from './tools/agent-tools.factory.js';
import { UsageModule } from '../usage/usage.module.js';

@Module({
  imports: [ConversationsModule, AssetsModule, UsageModule, McpModule, AgentToolApprovalsModule],
  controllers: [AssistantController, ConversationsController, FeedbackController],
  providers: [ChatStreamService, ReplyGenerator, ConversationRepliesService, ChatFilesService, RouterService, AgentToolsFactory, LiveRepliesService, ConversationTitles],
  exports: [ChatStreamService, ReplyGenerator, LiveRepliesService, RouterService, AgentToolsFactory],
})
export class AssistantModule {}
