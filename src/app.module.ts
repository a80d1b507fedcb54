import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { type AppConfig, loadConfiguration } from './config/configuration.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { LoggingModule } from './logging/logging.module.js';
import { ApprovalsModule } from './approvals/approvals.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AssetsModule } from './assets/assets.module.js';
import { AssistantModule } from './assistant/assistant.module.js';
import { ConversationsModule } from './conversations/conversations.module.js';
import { LiveModule } from './live/live.module.js';
import { LlmModule } from './llm/llm.module.js';
import { MailModule } from './mail/mail.module.js';
import { McpServerModule } from './mcp-server/mcp-server.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { OpenAiApiModule } from './openai-api/openai-api.module.js';
import { QueueModule } from './queue/queue.module.js';
import { RedisModule } from './redis/redis.module.js';
import { RunsModule } from './runs/runs.module.js';
import { SchedulesModule } from './schedules/schedules.module.js';
import { ShutdownModule } from './shutdown/shutdown.module.js';
import { StorageModule } from './storage/storage.module.js';
import { TeamsModule } from './teams/teams.module.js';
import { TriggersModule } from './triggers/triggers.module.js';
import { UsageModule } from './usage/usage.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { WorkflowsModule } from './workflows/workflows.module.js';

@Module({})
export class AppModule {
  /**
   * Reads and validates the environment when called (not when this file is imported), so an
   * invalid value stops the start with a message naming it, and tests can boot with their own.
   */
  static forRoot(config: AppConfig = loadConfiguration()): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, ignoreEnvVars: true, load: [() => config] }),
        LoggingModule,
        ShutdownModule,
        DatabaseModule,
        RedisModule,
        MetricsModule,
        HealthModule,
        StorageModule.forRoot(config.storage),
        LlmModule.withMeter(UsageModule),
        LiveModule,
        QueueModule,
        MailModule,
        TeamsModule,
        ConversationsModule,
        AssetsModule,
        AssistantModule,
        OpenAiApiModule,
        ApprovalsModule,
        WorkflowsModule,
        RunsModule,
        SchedulesModule,
        TriggersModule,
        McpServerModule,
        DashboardModule,
        AuditModule,
        WebhooksModule,
      ],
    };
  }
}
