import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsageRecord } from './entities/usage-record.entity.js';
import { UsageController } from './usage.controller.js';
import { UsageLedger } from './usage-ledger.service.js';
import { UsageService } from './usage.service.js';

/** The usage ledger (written by the model registry's meter) and the API that reads it. */
@Module({
  imports: [TypeOrmModule.forFeature([UsageRecord])],
  controllers: [UsageController],
  providers: [UsageLedger, UsageService],
  exports: [UsageLedger, UsageService],
})
export class UsageModule {}
