import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { pino } from 'pino';
import { AppLogger } from '../../../src/logging/app-logger.js';
import { chat } from '../../helpers/chat.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** A 1×1 PNG. */
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const WARN = 40;
const ERROR = 50;

interface LogLine {
  level: number;
  msg?: string;
}

describe('a refusal because of the input', () => {
  let app: INestApplication;
  let user: TestUser;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FREE: '1000' } });
    await resetDatabase(app);
    // Read from after the reset: its TRUNCATE can deadlock with the app's own pollers, and the poller
    // PostgreSQL picks as the victim logs an error that is the test's doing, not the refusal's.
    app.useLogger(new AppLogger(pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) })));
    user = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
    Logger.overrideLogger(new Logger());
  });

  it('(an image the offline model cannot read) reaches the user with its reason and is a warning without a stack in the log, never an error', async () => {
    const reply = await chat(app, user, {
      agentId: 'finance',
      messages: [userMessage('Extract this receipt', [{ type: 'file', mediaType: 'image/png', url: PNG_DATA_URL }])],
    });

    const toolError = reply.chunks.find((chunk) => chunk.type === 'tool-output-error');
    expect(toolError).toMatchObject({ errorText: expect.stringMatching(/offline model cannot read images/) as string });
    expect(reply.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
    const warnings = lines.filter((line) => line.level === WARN && line.msg?.includes('refused its input'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/offline model cannot read images/);
    expect(warnings[0].msg).not.toMatch(/\n\s+at /);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
  });
});
