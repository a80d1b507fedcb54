import { nextSlot, parseSchedule, type Schedule, shortestIntervalSeconds, slotOf } from './schedule-slot.js';
import { startCpuClock } from '../../test/helpers/cpu-clock.js';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

/** The schedule's slots from `from` on, walked one by one: the reference the functions must agree with. */
function walk(schedule: Schedule, from: string, count: number): string[] {
  const slots: string[] = [];
  let slot = at(from);
  for (let i = 0; i < count; i++) slots.push(iso((slot = nextSlot(schedule, slot))));
  return slots;
}

describe('nextSlot', () => {
  it('reads 5-field expressions to the minute and 6-field ones to the second', () => {
    expect(walk(parseSchedule('*/15 * * * *', 'UTC'), '2025-06-01T10:07:31.250Z', 3)).toEqual([
      '2025-06-01T10:15:00.000Z',
      '2025-06-01T10:30:00.000Z',
      '2025-06-01T10:45:00.000Z',
    ]);
    expect(walk(parseSchedule('*/5 * * * * *', 'UTC'), '2025-06-01T10:07:31.250Z', 3)).toEqual([
      '2025-06-01T10:07:35.000Z',
      '2025-06-01T10:07:40.000Z',
      '2025-06-01T10:07:45.000Z',
    ]);
  });

  it('is strictly after the instant: a slot in the same second is not next', () => {
    const everyFive = parseSchedule('*/5 * * * * *', 'UTC');
    expect(iso(nextSlot(everyFive, at('2025-06-01T10:07:35.000Z')))).toBe('2025-06-01T10:07:40.000Z');
    expect(iso(nextSlot(everyFive, at('2025-06-01T10:07:35.999Z')))).toBe('2025-06-01T10:07:40.000Z');
    expect(iso(nextSlot(everyFive, at('2025-06-01T10:07:34.999Z')))).toBe('2025-06-01T10:07:35.000Z');
  });

  it('fires at the local time of the time zone, across a change of the clocks', () => {
    // Lisbon moves from WET (UTC+0) to WEST (UTC+1) on 30 March 2025.
    expect(walk(parseSchedule('0 9 * * *', 'Europe/Lisbon'), '2025-03-28T12:00:00Z', 3)).toEqual([
      '2025-03-29T09:00:00.000Z',
      '2025-03-30T08:00:00.000Z',
      '2025-03-31T08:00:00.000Z',
    ]);
    // New York moves from EDT (UTC-4) to EST (UTC-5) on 2 November 2025.
    expect(walk(parseSchedule('0 9 * * *', 'America/New_York'), '2025-10-31T18:00:00Z', 3)).toEqual([
      '2025-11-01T13:00:00.000Z',
      '2025-11-02T14:00:00.000Z',
      '2025-11-03T14:00:00.000Z',
    ]);
  });

  it('moves a wall time the clocks skip to the end of the gap', () => {
    // 9 March 2025 in New York: 02:00 EST jumps to 03:00 EDT, so 02:30 does not exist.
    expect(walk(parseSchedule('30 2 * * *', 'America/New_York'), '2025-03-08T12:00:00Z', 3)).toEqual([
      '2025-03-09T07:00:00.000Z',
      '2025-03-10T06:30:00.000Z',
      '2025-03-11T06:30:00.000Z',
    ]);
  });

  it('fires a fixed wall time of a repeated hour once, and an all-hour schedule in both occurrences', () => {
    // 2 November 2025 in New York: 01:00–02:00 happens twice, first EDT (05:00Z) then EST (06:00Z).
    const daily = parseSchedule('30 1 * * *', 'America/New_York');
    expect(walk(daily, '2025-11-01T12:00:00Z', 2)).toEqual(['2025-11-02T05:30:00.000Z', '2025-11-03T06:30:00.000Z']);
    // Asked from inside the second 01:00–02:00, the answer is still the next day's.
    expect(iso(nextSlot(daily, at('2025-11-02T06:10:00Z')))).toBe('2025-11-03T06:30:00.000Z');
    const everyTwenty = parseSchedule('*/20 * * * *', 'America/New_York');
    expect(walk(everyTwenty, '2025-11-02T05:30:00Z', 5)).toEqual([
      '2025-11-02T05:40:00.000Z',
      '2025-11-02T06:00:00.000Z',
      '2025-11-02T06:20:00.000Z',
      '2025-11-02T06:40:00.000Z',
      '2025-11-02T07:00:00.000Z',
    ]);
  });

  it.each([
    ['30 1 * * *', 'America/New_York', '2025-11-02T04:00:00Z', 61_000],
    ['*/20 * * * *', 'America/New_York', '2025-11-02T04:00:00Z', 17_000],
    ['15,45 1,2 * * *', 'America/New_York', '2025-11-02T04:00:00Z', 31_000],
    ['*/7 * * * * *', 'America/New_York', '2025-11-02T05:58:00Z', 1_000],
    ['30 2 * * *', 'America/New_York', '2025-03-09T05:00:00Z', 61_000],
    ['0 * * * *', 'Europe/Lisbon', '2025-10-25T23:00:00Z', 59_000],
  ])('%s in %s: from any instant, the first slot of the walked sequence after it', (expression, timezone, from, step) => {
    // Four hours around the change of the clocks, or four minutes of a per-second schedule.
    const schedule = parseSchedule(expression, timezone);
    const slots = walk(schedule, from, 50).map((slot) => Date.parse(slot));
    const start = Date.parse(from);
    const end = start + (step <= 1_000 ? 4 * 60_000 : 4 * 3_600_000);
    for (let instant = start; instant < end && instant < slots[slots.length - 2]; instant += step) {
      const expected = slots.find((slot) => slot > Math.floor(instant / 1000) * 1000);
      expect([new Date(instant).toISOString(), nextSlot(schedule, new Date(instant)).getTime()]).toEqual([new Date(instant).toISOString(), expected]);
    }
  });
});

describe('slotOf', () => {
  const everyMinute = parseSchedule('* * * * *', 'UTC');
  const everyFive = parseSchedule('*/5 * * * * *', 'UTC');

  it('is the slot the timer was set for when it fires on time or a little early', () => {
    expect(iso(slotOf(everyMinute, at('2025-06-01T19:27:00Z'), at('2025-06-01T19:27:00.004Z')))).toBe('2025-06-01T19:27:00.000Z');
    expect(iso(slotOf(everyMinute, at('2025-06-01T19:27:00Z'), at('2025-06-01T19:26:59.998Z')))).toBe('2025-06-01T19:27:00.000Z');
  });

  it('is the slot the timer was set for when it fires late within the period (the 13 s pause of issue 14)', () => {
    expect(iso(slotOf(everyMinute, at('2025-06-01T19:27:00Z'), at('2025-06-01T19:27:11.300Z')))).toBe('2025-06-01T19:27:00.000Z');
    expect(iso(slotOf(everyMinute, at('2025-06-01T19:27:00Z'), at('2025-06-01T19:27:59.999Z')))).toBe('2025-06-01T19:27:00.000Z');
    expect(iso(slotOf(everyFive, at('2025-06-01T19:27:05Z'), at('2025-06-01T19:27:09.999Z')))).toBe('2025-06-01T19:27:05.000Z');
  });

  it('is the latest slot only when the timer fires later than the next slot', () => {
    expect(iso(slotOf(everyMinute, at('2025-06-01T19:27:00Z'), at('2025-06-01T19:28:00Z')))).toBe('2025-06-01T19:28:00.000Z');
    expect(iso(slotOf(everyFive, at('2025-06-01T19:27:05Z'), at('2025-06-01T19:27:18.400Z')))).toBe('2025-06-01T19:27:15.000Z');
    expect(iso(slotOf(parseSchedule('0 9 * * 1', 'UTC'), at('2025-06-02T09:00:00Z'), at('2025-06-20T18:00:00Z')))).toBe(
      '2025-06-16T09:00:00.000Z',
    );
  });

  it('finds the latest slot of a per-second schedule days late in a few steps', () => {
    const cpu = startCpuClock();
    expect(iso(slotOf(parseSchedule('* * * * * *', 'UTC'), at('2025-06-01T00:00:00Z'), at('2025-06-04T07:08:09.500Z')))).toBe(
      '2025-06-04T07:08:09.000Z',
    );
    expect(cpu.ms()).toBeLessThan(500);
  });

  it('gives every instance the same slot, however late its timer within the period', () => {
    for (const [schedule, armed] of [
      [everyFive, '2025-06-01T19:27:05Z'],
      [parseSchedule('0 9 * * *', 'Europe/Lisbon'), '2025-03-29T09:00:00Z'],
      [parseSchedule('0 9 * * *', 'America/New_York'), '2025-11-01T13:00:00Z'],
    ] as const) {
      const slot = at(armed);
      const next = nextSlot(schedule, slot).getTime();
      for (let lateness = 0; slot.getTime() + lateness < next; lateness += Math.max(1, Math.floor((next - slot.getTime()) / 29))) {
        expect(iso(slotOf(schedule, slot, new Date(slot.getTime() + lateness)))).toBe(iso(slot));
      }
      expect(iso(slotOf(schedule, slot, new Date(next)))).toBe(iso(new Date(next)));
    }
  });

  it('follows the local time across a change of the clocks', () => {
    const lisbon = parseSchedule('0 9 * * *', 'Europe/Lisbon');
    // Set for Saturday 09:00 WET, fired on Monday at 10:00 WEST: Monday's 09:00 WEST.
    expect(iso(slotOf(lisbon, at('2025-03-29T09:00:00Z'), at('2025-03-31T09:00:00Z')))).toBe('2025-03-31T08:00:00.000Z');
    // Fired on Sunday at 08:30 UTC, past 09:00 WEST (08:00 UTC): Sunday's slot.
    expect(iso(slotOf(lisbon, at('2025-03-29T09:00:00Z'), at('2025-03-30T08:30:00Z')))).toBe('2025-03-30T08:00:00.000Z');
    // Fired on Sunday at 07:59 UTC, before 09:00 WEST: still Saturday's slot.
    expect(iso(slotOf(lisbon, at('2025-03-29T09:00:00Z'), at('2025-03-30T07:59:59Z')))).toBe('2025-03-29T09:00:00.000Z');
  });

  it('never stands for the second occurrence of a wall time the schedule fires once', () => {
    const daily = parseSchedule('30 1 * * *', 'America/New_York');
    // Set for 01:30 EDT and fired at 01:45 EST, after a second 01:30 on the wall clock.
    expect(iso(slotOf(daily, at('2025-11-02T05:30:00Z'), at('2025-11-02T06:45:00Z')))).toBe('2025-11-02T05:30:00.000Z');
  });
});

describe('shortestIntervalSeconds', () => {
  const from = new Date('2026-06-01T00:00:00Z');
  it.each([
    ['*/5 * * * * *', 'UTC', 5],
    ['* * * * *', 'UTC', 60],
    ['*/15 * * * *', 'UTC', 900],
    ['0,1 9 * * *', 'UTC', 60],
    ['0 9 * * 1', 'UTC', 7 * 86_400],
    // The week the clocks go forward is an hour short.
    ['0 9 * * 1', 'Europe/Berlin', 7 * 86_400 - 3600],
    ['0 9 1 * *', 'UTC', 28 * 86_400],
  ])('%s in %s: %i s', (expression, timezone, seconds) => {
    expect(shortestIntervalSeconds(parseSchedule(expression, timezone), from)).toBe(seconds);
  });
});

describe('ordinal day fields (Quartz L, D#n, DL), read by the scheduler itself', () => {
  it('fires on the first Monday of each month at 09:00 Paris time, summer and winter', () => {
    // 2026: Paris is UTC+1 until 29 March, UTC+2 after.
    expect(walk(parseSchedule('0 9 * * 1#1', 'Europe/Paris'), '2026-01-01T00:00:00Z', 4)).toEqual([
      '2026-01-05T08:00:00.000Z',
      '2026-02-02T08:00:00.000Z',
      '2026-03-02T08:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ]);
  });

  it('fires on the second Wednesday and the fifth Monday, skipping months without one', () => {
    expect(walk(parseSchedule('0 9 * * 3#2', 'UTC'), '2026-01-01T00:00:00Z', 2)).toEqual(['2026-01-14T09:00:00.000Z', '2026-02-11T09:00:00.000Z']);
    // 2026 has fifth Mondays in March, June and August only (within its first eight months).
    expect(walk(parseSchedule('0 9 * * 1#5', 'UTC'), '2026-01-01T00:00:00Z', 3)).toEqual([
      '2026-03-30T09:00:00.000Z',
      '2026-06-29T09:00:00.000Z',
      '2026-08-31T09:00:00.000Z',
    ]);
  });

  it('fires on the last Friday of the month at 17:00 New York time, across the change of the clocks', () => {
    // New York moves from EST (UTC-5) to EDT (UTC-4) on 8 March 2026.
    expect(walk(parseSchedule('0 17 * * 5L', 'America/New_York'), '2026-01-01T00:00:00Z', 3)).toEqual([
      '2026-01-30T22:00:00.000Z',
      '2026-02-27T22:00:00.000Z',
      '2026-03-27T21:00:00.000Z',
    ]);
  });

  it('fires on the last day of the month, 29 February in a leap year', () => {
    expect(walk(parseSchedule('0 9 L * *', 'UTC'), '2028-01-15T00:00:00Z', 4)).toEqual([
      '2028-01-31T09:00:00.000Z',
      '2028-02-29T09:00:00.000Z',
      '2028-03-31T09:00:00.000Z',
      '2028-04-30T09:00:00.000Z',
    ]);
  });

  it('fires on the 15th as plain cron does, in the schedule’s time zone', () => {
    expect(walk(parseSchedule('0 17 15 * *', 'Asia/Tokyo'), '2026-01-01T00:00:00Z', 2)).toEqual(['2026-01-15T08:00:00.000Z', '2026-02-15T08:00:00.000Z']);
  });

  it('skips whole days of a per-minute schedule on other days, quickly', () => {
    const cpu = startCpuClock();
    expect(walk(parseSchedule('*/30 * * * 1#1', 'UTC'), '2026-01-05T23:45:00Z', 2)).toEqual(['2026-02-02T00:00:00.000Z', '2026-02-02T00:30:00.000Z']);
    expect(cpu.ms()).toBeLessThan(500);
  });

  it('stands for the slot it was armed for when it fires late, and names the next one after it', () => {
    const firstMonday = parseSchedule('0 9 * * 1#1', 'Europe/Paris');
    expect(iso(slotOf(firstMonday, at('2026-02-02T08:00:00Z'), at('2026-02-02T08:20:00Z')))).toBe('2026-02-02T08:00:00.000Z');
    expect(iso(nextSlot(firstMonday, at('2026-02-02T08:00:00Z')))).toBe('2026-03-02T08:00:00.000Z');
    expect(shortestIntervalSeconds(firstMonday, at('2026-01-01T00:00:00Z'))).toBe(28 * 86_400);
  });

  it.each(['0 9 L * 1', '0 9 15 * 1#1', '0 9 * * 1#6', '0 9 * * 1#1,3#1', '0 9 LW * *', '0 9 * * L'])('refuses %s', (expression) => {
    expect(() => parseSchedule(expression, 'UTC')).toThrow();
  });
});
