import { Logger } from '@nestjs/common';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppLogger } from './app-logger.js';

/** An AppLogger installed as Nest's logger, and the JSON lines it writes. */
function install(level = 'trace') {
  const lines: Record<string, unknown>[] = [];
  const logger = new AppLogger(pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }));
  Logger.overrideLogger(logger);
  return lines;
}

describe('AppLogger', () => {
  afterEach(() => Logger.overrideLogger(new Logger()));

  it('writes what Nest logs as pino lines with the context of the class that logs', () => {
    const lines = install();
    new Logger('Mail').log('Mail is delivered to files');
    new Logger('Runs').warn('Step took long', { stepIndex: 2 });
    new Logger('Sessions').debug('cached');
    new Logger('Routes').verbose('mapped');
    expect(lines.map(({ level, context, msg }) => ({ level, context, msg }))).toEqual([
      { level: 30, context: 'Mail', msg: 'Mail is delivered to files' },
      { level: 40, context: 'Runs', msg: 'Step took long' },
      { level: 20, context: 'Sessions', msg: 'cached' },
      { level: 10, context: 'Routes', msg: 'mapped' },
    ]);
  });

  it('keeps the stack Nest passes with an error, and serializes errors and objects', () => {
    const lines = install();
    new Logger('Exceptions').error('Reply failed', 'Error: boom\n    at reply (chat.ts:1:1)');
    new Logger('Exceptions').error({ requestId: 'req-1', err: new Error('database gone') });
    new Logger('Exceptions').fatal(new Error('cannot start'));
    expect(lines[0]).toMatchObject({ level: 50, context: 'Exceptions', msg: 'Reply failed', stack: 'Error: boom\n    at reply (chat.ts:1:1)' });
    expect(lines[1]).toMatchObject({ level: 50, context: 'Exceptions', requestId: 'req-1', err: { type: 'Error', message: 'database gone' } });
    expect(lines[2]).toMatchObject({ level: 60, context: 'Exceptions', msg: 'cannot start', err: { message: 'cannot start' } });
  });

  it('writes nothing below its level', () => {
    const lines = install('warn');
    new Logger('Mail').log('quiet');
    new Logger('Mail').debug('quieter');
    new Logger('Mail').warn('heard');
    expect(lines.map((line) => line.msg)).toEqual(['heard']);
  });
});
