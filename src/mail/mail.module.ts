import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/configuration.js';
import { MailOutboxMessage } from './entities/mail-outbox.entity.js';
import { MailOutboxWorker } from './mail-outbox.worker.js';
import { MailService } from './mail.service.js';
import { createMailTransport, MailTransport } from './transports.js';

/**
 * Mail for every module (global): inject MailService and `send` a message made with
 * `renderEmail`. Delivery goes through the `mail_outbox` table and MailOutboxWorker, to SMTP
 * when `SMTP_URL` is set and to .eml files under `<DATA_DIR>/outbox/` otherwise.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxMessage])],
  providers: [
    {
      provide: MailTransport,
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) =>
        createMailTransport(config.get('mail', { infer: true }), config.get('app', { infer: true }).dataDir),
    },
    MailOutboxWorker,
    MailService,
  ],
  exports: [MailService],
})
export class MailModule {}
