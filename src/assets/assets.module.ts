import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventsModule } from '../audit-events/audit-events.module.js';
import { AssetsController } from './assets.controller.js';
import { AssetsRepository } from './assets.repository.js';
import { AssetsService } from './assets.service.js';
import { Asset } from './entities/asset.entity.js';
import { AssetVersion } from './entities/asset-version.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Asset, AssetVersion]), AuditEventsModule],
  controllers: [AssetsController],
  providers: [AssetsService, AssetsRepository],
  exports: [AssetsService],
})
export class AssetsModule {}
