import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';
import { startSmtpServer, type TestSmtpServer } from './mail-catcher.js';
import { signUp, type TestUser } from './users.js';

/** An app listening on a port, mailing to a test SMTP server, on a fresh database, with one user signed up. */
export interface MailingApp {
  app: INestApplication;
  smtp: TestSmtpServer;
  /** The app's base URL, for clients that need a real connection (event streams). */
  base: string;
  user: TestUser;
  close: () => Promise<void>;
}

/** An app mailing to a test SMTP server, on a fresh database: no port, no user (most mail tests make their own). */
export interface AppWithMail {
  app: INestApplication;
  smtp: TestSmtpServer;
  close: () => Promise<void>;
}

export async function startAppWithMail(env: Record<string, string> = {}, smtpOptions: Parameters<typeof startSmtpServer>[1] = {}): Promise<AppWithMail> {
  const smtp = await startSmtpServer(0, smtpOptions);
  const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', ...env } });
  await resetDatabase(app);
  return {
    app,
    smtp,
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}

export async function startMailingApp(env: Record<string, string> = {}, smtpOptions: Parameters<typeof startSmtpServer>[1] = {}): Promise<MailingApp> {
  const mailing = await startAppWithMail(env, smtpOptions);
  await mailing.app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(mailing.app.getHttpServer().address() as AddressInfo).port}`;
  const user = await signUp(mailing.app);
  return { ...mailing, base, user };
}
