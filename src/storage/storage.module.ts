import { type DynamicModule, Module } from '@nestjs/common';
import type { StorageSettings } from '../config/storage.config.js';
import { DiskStorageDriver } from './disk-storage.driver.js';
import { FilesController } from './files.controller.js';
import { MinioStorageDriver } from './minio-storage.driver.js';
import { StorageService } from './storage.service.js';

/**
 * Binds StorageService to the configured driver, for every module (global). The driver is
 * chosen when the app is assembled, from the same settings ConfigService serves, so that with
 * S3 the `/files` route does not exist at all rather than answering 404 by a runtime check.
 */
@Module({})
export class StorageModule {
  static forRoot(settings: StorageSettings): DynamicModule {
    if (settings.s3) {
      return {
        module: StorageModule,
        global: true,
        providers: [{ provide: StorageService, useClass: MinioStorageDriver }],
        exports: [StorageService],
      };
    }
    return {
      module: StorageModule,
      global: true,
      controllers: [FilesController],
      providers: [DiskStorageDriver, { provide: StorageService, useExisting: DiskStorageDriver }],
      exports: [StorageService],
    };
  }
}
