import { describe, expect, it } from 'vitest';
import { cronInWords, scheduleInWords } from './schedule-words';

describe('schedule in words (cronstrue)', () => {
  it.each([
    ['*/15 * * * *', 'Every 15 minutes'],
    ['0 9 * * *', 'At 09:00'],
    ['0 9,17 * * *', 'At 09:00 and 17:00'],
    ['0 9 * * 1-5', 'At 09:00, Monday through Friday'],
    ['0 15 * * 2,5', 'At 15:00, only on Tuesday and Friday'],
    ['0 0 9 * * 1-5', 'At 09:00, Monday through Friday'],
    ['0 17 15 * *', 'At 17:00, on day 15 of the month'],
    // The Quartz day forms the scheduler reads itself.
    ['0 9 * * 1#1', 'At 09:00, on the first Monday of the month'],
    ['0 17 * * 5L', 'At 17:00, on the last Friday of the month'],
    ['0 18 L * *', 'At 18:00, on the last day of the month'],
  ])('reads %s as "%s"', (expression, words) => {
    expect(cronInWords(expression)).toBe(words);
  });

  it.each(['every monday', '0 9 * *', '0 25 * * *'])('leaves %s to the cron text', (expression) => {
    expect(cronInWords(expression)).toBeNull();
  });

  it('names the time zone the schedule is read in', () => {
    expect(scheduleInWords('0 9 * * 1#1', 'Europe/Paris')).toBe('At 09:00, on the first Monday of the month (Europe/Paris)');
    expect(scheduleInWords('not cron', 'UTC')).toBeNull();
  });
});
