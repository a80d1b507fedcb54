import { describe, expect, it } from 'vitest';
import { cronInWords, scheduleInWords } from './schedule-words';

describe('schedule in words', () => {
  it.each([
    ['* * * * *', 'Every minute'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['5 * * * *', 'Every hour at :05'],
    ['30 */6 * * *', 'Every 6 hours at :30'],
    ['0 9 * * *', 'Every day at 09:00'],
    ['0 9,17 * * *', 'Every day at 09:00 and 17:00'],
    ['0 9 * * 1-5', 'Every weekday at 09:00'],
    ['0 9 * * MON-FRI', 'Every weekday at 09:00'],
    ['0 10 * * 0,6', 'Every Saturday and Sunday at 10:00'],
    ['0 9 * * 1', 'Every Monday at 09:00'],
    ['0 8 * * 7', 'Every Sunday at 08:00'],
    ['15 7 * * 1,3,5', 'Every Monday, Wednesday and Friday at 07:15'],
    ['0 9 * * 0-6', 'Every day at 09:00'],
    ['0 9 1 * *', 'On the 1st of every month at 09:00'],
    ['0 18 2,3,11,22 * *', 'On the 2nd, 3rd, 11th and 22nd of every month at 18:00'],
    ['0 0 9 * * 1-5', 'Every weekday at 09:00'],
  ])('reads %s as "%s"', (expression, words) => {
    expect(cronInWords(expression)).toBe(words);
  });

  it.each([
    ['a month field', '0 9 1 1 *'],
    ['both a day of the month and of the week', '0 9 1 * 1'],
    ['seconds other than zero', '30 0 9 * * *'],
    ['minute steps on some days only', '*/5 * * * 1'],
    ['hour steps on some days only', '0 */2 * * 1-5'],
    ['several minutes', '0,30 9 * * *'],
    ['a last-day marker', '0 9 L * *'],
    ['out-of-range values', '0 25 * * *'],
    ['too few fields', '0 9 * *'],
  ])('leaves %s to the cron text', (_shape, expression) => {
    expect(cronInWords(expression)).toBeNull();
  });

  it('names the time zone the schedule is read in', () => {
    expect(scheduleInWords('0 9 * * 1-5', 'Europe/Paris')).toBe('Every weekday at 09:00 (Europe/Paris)');
    expect(scheduleInWords('0 9 1 1 *', 'UTC')).toBeNull();
  });
});
