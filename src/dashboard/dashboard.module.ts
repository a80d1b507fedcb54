import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller.js';
import { RootController } from './root.controller.js';

@Module({ controllers: [DashboardController, RootController] })
export class DashboardModule {}
