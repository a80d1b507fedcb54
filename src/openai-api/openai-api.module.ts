import { Module } from '@nestjs/common';
import { AssistantModule } from '../assistant/assistant.module.js';
import { ChatCompletionsService } from './chat-completions.service.js';
import { OpenAiApiController } from './openai-api.controller.js';

/** The agents behind an OpenAI-compatible API (/v1); its errors take OpenAI's shape (openAiErrorShape, which the app's error filter renders with). */
@Module({
  imports: [AssistantModule],
  controllers: [OpenAiApiController],
  providers: [ChatCompletionsService],
})
export class OpenAiApiModule {}
