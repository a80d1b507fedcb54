import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config/configuration.js';
import { Public } from '../common/public.decorator.js';

/**
 * Vite's content-hashed bundles: a new build never reuses a name. Each has an extension, which
 * tells it from the app's own `/dashboard/assets/:assetId` (an asset's page) in the same folder.
 */
const BUNDLE_FILE = /^assets\/[\w.-]+\.\w+$/;
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
/** Files of `dashboard/public/`, copied as they are: their names stay, so they are kept a day. */
const PUBLIC_FILES = new Set(['favicon.svg']);
const ONE_DAY_MS = 24 * 3600 * 1000;

/**
 * The built-in web dashboard: the single-page app built from `dashboard/` into
 * `app.dashboardDir`, at /dashboard (outside the /api prefix). Bundles and the icon are served as files;
 * every other path answers index.html, so that deep links such as the approval redirect to
 * /dashboard/workflows/:id open the app, which then routes itself.
 */
@ApiExcludeController()
@Controller('dashboard')
export class DashboardController {
  private readonly buildDir: string;

  constructor(config: ConfigService<AppConfig, true>) {
    this.buildDir = config.get('app', { infer: true }).dashboardDir;
  }

  @Public()
  @Get(['', '{*path}'])
  serve(@Param('path') path: string[] | undefined, @Req() request: Request, @Res() response: Response): void {
    // The app's relative URLs resolve against /dashboard/, with the slash.
    if (request.path === '/dashboard') return response.redirect(301, '/dashboard/');
    const file = (path ?? []).join('/');
    const caching = BUNDLE_FILE.test(file) ? { maxAge: ONE_YEAR_MS, immutable: true } : PUBLIC_FILES.has(file) ? { maxAge: ONE_DAY_MS } : null;
    if (caching) {
      response.sendFile(file, { root: this.buildDir, ...caching }, (error) => {
        if (error && !response.headersSent) response.status(404).json(new NotFoundException(`No dashboard file ${file}`).getResponse());
      });
      return;
    }
    // Revalidated every time, so a deploy's new bundle names are picked up at once.
    response.sendFile('index.html', { root: this.buildDir, headers: { 'Cache-Control': 'no-cache' } }, (error) => {
      if (error && !response.headersSent) {
        response.status(404).json(new NotFoundException('The dashboard is not built: run npm run build').getResponse());
      }
    });
  }
}
