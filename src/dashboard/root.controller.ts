import { Controller, Get, Redirect } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../common/public.decorator.js';

/** The bare address, outside the /api prefix: people who type it land on the dashboard. */
@ApiExcludeController()
@Controller()
export class RootController {
  @Public()
  @Get()
  @Redirect('/dashboard/', 302)
  root(): void {}

  /** Browsers ask for /favicon.ico on their own, whatever a page links. */
  @Public()
  @Get('favicon.ico')
  @Redirect('/dashboard/favicon.svg', 301)
  favicon(): void {}
}
