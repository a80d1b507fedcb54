import { Module } from '@nestjs/common';
import { AssistantModule } from '../assistant/assistant.module.js';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { ChatCompletionsService } from './chat-completions.service.js';
import { OpenAiApiController } from './openai-api.controller.js';
import { OpenAiTurnsService } from './openai-turns.service.js';
import { ResponsesController } from './responses.controller.js';
import { ResponsesService } from './responses.service.js';

/** The agents behind an OpenAI-compatible API (/v1): chat completions and Responses; its errors take OpenAI's shape (openAiErrorShape, which the app's error filter renders with). */
@Module({
  imports: [AssistantModule, ConversationsModule],
  controllers: [OpenAiApiController, ResponsesController],
  providers: [OpenAiTurnsService, ChatCompletionsService, ResponsesService],
})
export class OpenAiApiModule {}
