import { CronTime } from 'cron';

/**
 * A workflow's cron expression (5 or 6 fields) read in its time zone. Its slots are the instants
 * the schedule names, in whole seconds: '0 9 * * *' in Europe/Lisbon is 09:00 Lisbon time every
 * day, whatever the offset that day. A tick is identified by its slot, never by the clock reading
 * when a timer happened to fire, so that every instance names a tick alike.
 */
export interface Schedule {
  readonly expression: string;
  readonly timezone: string;
  /** The cron package's reading of the expression, with an ordinal day field widened to `*` or its weekday. */
  readonly time: CronTime;
  /** Whether a day of the month is one of the schedule's, for the ordinal day fields the cron package lacks. */
  readonly onDay?: (day: MonthDay) => boolean;
}

/** A date in the schedule's time zone: its day of the month and its month's length. */
interface MonthDay {
  day: number;
  daysInMonth: number;
}

/**
 * The cron package (4.x) has no `L` or `#`; the scheduler reads the Quartz forms of them itself, as
 * a whole day field: `L` as the day of the month (the last day), `D#n` (the n-th weekday D, n 1–5)
 * and `DL` (the last weekday D of the month) as the day of the week. The cron package then fires
 * every day (or every weekday D) and only the days these name are slots.
 */
const LAST_DAY = /^L$/i;
const NTH_WEEKDAY = /^([0-7])#([1-5])$/;
const LAST_WEEKDAY = /^([0-7])L$/i;
/** Longer than any run of days an ordinal field skips: 5th Mondays are at most 3 months apart. */
const MOST_SKIPPED_DAYS = 400;

const SECOND = 1000;
const HOUR = 3_600_000;
/** Longer than any fall-back shift of the clocks in the time zone database (Troll's is 2 h). */
const LONGEST_FALL_BACK = 3 * HOUR;

/** Throws on an expression or time zone the cron package refuses, or an ordinal day field in a form it does not take. */
export function parseSchedule(expression: string, timezone: string): Schedule {
  const fields = expression.trim().split(/\s+/);
  const dayOfWeek = fields.length - 1;
  const dayOfMonth = fields.length - 3;
  const onDay = ordinalDays(fields[dayOfMonth] ?? '', fields[dayOfWeek] ?? '');
  if (!onDay) return { expression, timezone, time: new CronTime(expression, timezone) };
  if (fields[dayOfMonth] !== '*' && fields[dayOfWeek] !== '*') throw new Error('an ordinal day field needs the other day field to be *');
  const widened = fields.map((field, index) => (index === dayOfMonth ? '*' : index === dayOfWeek ? field.replace(/[#L].*$/i, '') || '*' : field));
  return { expression, timezone, time: new CronTime(widened.join(' '), timezone), onDay };
}

/** The days an ordinal day field names, or undefined when neither field is one. */
function ordinalDays(dayOfMonth: string, dayOfWeek: string): ((day: MonthDay) => boolean) | undefined {
  if (LAST_DAY.test(dayOfMonth)) return ({ day, daysInMonth }) => day === daysInMonth;
  const nth = NTH_WEEKDAY.exec(dayOfWeek);
  if (nth) return ({ day }) => Math.ceil(day / 7) === Number(nth[2]);
  if (LAST_WEEKDAY.test(dayOfWeek)) return ({ day, daysInMonth }) => day + 7 > daysInMonth;
  return undefined;
}

/**
 * The first slot after `instant`; a slot in the same second as `instant` is not after it.
 * Clocks moving forward: a wall time that does not exist that day (02:30 when 02:00 jumps to
 * 03:00) fires when the gap ends (03:00). Clocks moving back: a fixed wall time in the repeated
 * hour ('30 1 * * *') fires once, at its first occurrence; a schedule that fires all through the
 * hour ('*\/20 * * * *') fires in both occurrences. That is the cron package's own reading,
 * made to hold wherever the search starts.
 */
export function nextSlot(schedule: Schedule, instant: Date): Date {
  const at = floorToSecond(instant.getTime());
  const next = cronNext(schedule, at);
  // Asked from inside a repeated hour, the cron package may answer with the second occurrence of
  // a wall time its own sequence of slots skips ('30 1 * * *' asked at 01:10 the second time
  // answers 01:30 again). Its answer from just before the clocks went back is sound: that is the
  // first slot after then, and if it is not past `at` either, its answer from `at` is sound too.
  const fallBack = lastFallBack(schedule.timezone, at);
  if (fallBack === undefined) return new Date(next);
  const sound = cronNext(schedule, fallBack - SECOND);
  return new Date(sound > at ? sound : next);
}

/**
 * The slot a tick stands for: the latest slot at or before `firedAt`, never one before
 * `armedFor` (the slot the timer was set for, which must be a slot). A timer that fires on time,
 * or late within the period, stands for the slot it was set for, so a late instance names the
 * same tick as the punctual ones; one that fires later than the next slot stands for the latest
 * slot only: slots it slept through are not made up one by one.
 */
export function slotOf(schedule: Schedule, armedFor: Date, firedAt: Date): Date {
  const armed = armedFor.getTime();
  const now = floorToSecond(firedAt.getTime());
  if (now <= armed) return armedFor;
  // nextSlot(t) <= now holds for every t before the latest slot and for none from it on: find
  // the last such whole second by bisection, so a timer hours late costs a few dozen steps.
  let before = armed - SECOND;
  let after = now;
  while (after - before > SECOND) {
    const middle = before + Math.floor((after - before) / (2 * SECOND)) * SECOND;
    if (nextSlot(schedule, new Date(middle)).getTime() <= now) before = middle;
    else after = middle;
  }
  const latest = nextSlot(schedule, new Date(before));
  return latest.getTime() <= now && latest.getTime() >= armed ? latest : armedFor;
}

/**
 * The cron package's next slot after `at`, on a day the ordinal field names: a slot on another day
 * moves the search to the end of that day, so a schedule firing every minute skips a day at once.
 */
function cronNext(schedule: Schedule, at: number): number {
  let from = at;
  for (let skipped = 0; skipped <= MOST_SKIPPED_DAYS; skipped++) {
    const next = schedule.time.getNextDateFrom(new Date(from), schedule.timezone);
    if (!schedule.onDay || schedule.onDay({ day: next.day, daysInMonth: next.daysInMonth ?? 31 })) return next.toMillis();
    from = next.endOf('day').toMillis();
  }
  throw new Error(`no slot of ${schedule.expression} within ${MOST_SKIPPED_DAYS} days`);
}

function floorToSecond(ms: number): number {
  return Math.floor(ms / SECOND) * SECOND;
}

/** The instant the clocks of `timezone` last went back, if that was within LONGEST_FALL_BACK of `at`. */
function lastFallBack(timezone: string, at: number): number | undefined {
  let before = at - LONGEST_FALL_BACK;
  if (offsetMinutes(timezone, before) <= offsetMinutes(timezone, at)) return undefined;
  // The offset is larger at `before` than at `at`: bisect to the first second of the smaller one.
  const earlier = offsetMinutes(timezone, before);
  let after = at;
  while (after - before > SECOND) {
    const middle = before + Math.floor((after - before) / (2 * SECOND)) * SECOND;
    if (offsetMinutes(timezone, middle) === earlier) before = middle;
    else after = middle;
  }
  return after;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The UTC offset of `timezone` at `at`, in minutes ("GMT-04:00" is -240). */
function offsetMinutes(timezone: string, at: number): number {
  let format = offsetFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' });
    offsetFormats.set(timezone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** How many slots ahead the shortest interval of a schedule is looked for. */
const INTERVAL_SAMPLES = 48;
/** How far past its first slot: a schedule's intervals repeat within a year, leap days aside. */
const INTERVAL_HORIZON = 366 * 24 * HOUR;

/**
 * The shortest time between two consecutive slots from `from` on, in seconds, over the next 48
 * slots within a year of the first: '0 9 * * 1' is about a week (an hour less across a change of
 * the clocks), '0,1 9 * * *' a minute, '*\/5 * * * * *' 5 s, '0 9 29 2 *' (no second slot within a
 * year) Infinity. The cron package's own sequence: close enough for a minimum.
 */
export function shortestIntervalSeconds(schedule: Schedule, from: Date): number {
  let shortest = Number.POSITIVE_INFINITY;
  const first = cronNext(schedule, floorToSecond(from.getTime()));
  let previous = first;
  for (let sample = 1; sample < INTERVAL_SAMPLES; sample++) {
    const next = cronNext(schedule, previous);
    if (next - first > INTERVAL_HORIZON) break;
    shortest = Math.min(shortest, (next - previous) / SECOND);
    previous = next;
  }
  return shortest;
}

/**
 * Up to `count` slots after `instant`, fewer where the cron package finds no next one in the 8
 * years it looks ahead ('0 9 29 2 *' has none after 2096: 2100 is no leap year).
 */
export function upcomingSlots(schedule: Schedule, instant: Date, count: number): Date[] {
  const slots: Date[] = [];
  for (let after = instant; slots.length < count; after = slots[slots.length - 1]) {
    try {
      slots.push(nextSlot(schedule, after));
    } catch {
      break;
    }
  }
  return slots;
}
