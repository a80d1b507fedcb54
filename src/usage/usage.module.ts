import { AuditEventsModule } from '../audit-events/audit-events.module.js';
import { WebhookEventsModule } from '../webhook-events/webhook-events.module.js';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ModelMeter } from '../llm/model-meter.js';
import { BudgetController } from './budget.controller.js';
import { BudgetService } from './budget.service.js';
import { UsageRecord } from './entities/usage-record.entity.js';
import { UsageController } from './usage.controller.js';
import { UsageLedger } from './usage-ledger.service.js';
import { meterImageModel, meterLanguageModel } from './usage-meter.js';
import { UsageService } from './usage.service.js';

/**
 * The usage ledger, the API that reads it, and the monthly token budgets, which every feature that
 * asks a model checks first (each imports this module). It provides the model registry's meter
 * (the app hands this module to LlmModule.withMeter), which writes to the ledger.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UsageRecord]), AuditEventsModule, WebhookEventsModule],
  controllers: [UsageController, BudgetController],
  providers: [
    UsageLedger,
    UsageService,
    BudgetService,
    {
      provide: ModelMeter,
      inject: [UsageLedger],
      useFactory: (ledger: UsageLedger): ModelMeter => ({
        languageModel: (modelId, charge) => meterLanguageModel(ledger, modelId, charge),
        imageModel: (modelId, charge) => meterImageModel(ledger, modelId, charge),
        localImage: (modelId, charge) => ledger.record(charge, { modelId, inputTokens: 0, outputTokens: 0, images: 1 }, 'image'),
      }),
    },
  ],
  exports: [UsageLedger, UsageService, BudgetService, ModelMeter],
})
export class UsageModule {}
