import { Global, Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module.js';
import { ModelRegistry } from './model-registry.service.js';

@Global()
// The usage module comes with the registry: every model it hands out writes to the ledger.
@Module({ imports: [UsageModule], providers: [ModelRegistry], exports: [ModelRegistry] })
export class LlmModule {}
