import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BudgetController } from './budget.controller.js';
import { BudgetService } from './budget.service.js';
import { UsageRecord } from './entities/usage-record.entity.js';
import { UsageController } from './usage.controller.js';
import { UsageLedger } from './usage-ledger.service.js';
import { UsageService } from './usage.service.js';

/**
 * The usage ledger (written by the model registry's meter), the API that reads it, and the
 * monthly token budgets, which every feature that asks a model checks first (hence global).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UsageRecord])],
  controllers: [UsageController, BudgetController],
  providers: [UsageLedger, UsageService, BudgetService],
  exports: [UsageLedger, UsageService, BudgetService],
})
export class UsageModule {}
