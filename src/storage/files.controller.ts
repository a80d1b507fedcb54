import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/public.decorator.js';
import { DiskStorageDriver } from './disk-storage.driver.js';
import { IMMUTABLE_CACHE_CONTROL } from './storage.service.js';

/**
 * Serves the disk driver's public objects at `/files/<key>` (outside the `/api` prefix, the
 * address their links carry). Registered only when the disk driver is in use; with S3 the
 * bucket serves them. Headers are set after the read, so a 404 is never cached as immutable.
 */
@ApiExcludeController()
@Controller('files')
export class FilesController {
  constructor(private readonly disk: DiskStorageDriver) {}

  @Public()
  @Get('*path')
  async download(@Param('path') path: string[], @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.disk.readPublic(path.join('/'));
    res.set({
      'Cache-Control': IMMUTABLE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
      // Helmet's default (same-origin) would stop the frontend's origin from showing the images.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    return new StreamableFile(file.data, { type: file.mediaType, length: file.data.length });
  }
}
