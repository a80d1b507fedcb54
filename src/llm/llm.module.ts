import { type DynamicModule, Global, Module, type Type } from '@nestjs/common';
import { ModelRegistry } from './model-registry.service.js';

@Global()
@Module({})
export class LlmModule {
  /**
   * The registry, metered through the ModelMeter that `meterModule` provides (the usage module):
   * the app passes it in, so this module imports no feature.
   */
  static withMeter(meterModule: Type): DynamicModule {
    return { module: LlmModule, imports: [meterModule], providers: [ModelRegistry], exports: [ModelRegistry] };
  }
}
