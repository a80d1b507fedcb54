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

export async function startMailingApp(env: Record<string, string> = {}, smtpOptions: Parameters<typeof startSmtpServer>[1] = {}): Promise<MailingApp> {
  const smtp = await startSmtpServer(0, smtpOptions);
  const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', ...env } });
  await resetDatabase(app);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const user = await signUp(app);
  return {
    app,
    smtp,
    base,
    user,
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}
