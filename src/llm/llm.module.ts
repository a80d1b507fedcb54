import { Global, Module } from '@nestjs/common';
import { ModelRegistry } from './model-registry.service.js';

@Global()
@Module({ providers: [ModelRegistry], exports: [ModelRegistry] })
export class LlmModule {}
