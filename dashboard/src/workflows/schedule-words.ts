/**
 * A cron schedule in words, for the common shapes people write ("Every weekday at 09:00
 * (Europe/Paris)"); null for anything else, which the page then shows as the cron text itself.
 * Kept free of imports so the unit test can load it without the dashboard's bundler.
 */
export function scheduleInWords(expression: string, timezone: string): string | null {
  const words = cronInWords(expression);
  return words === null ? null : `${words} (${timezone})`;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_ALIASES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const WEEKDAYS = '1,2,3,4,5';
const WEEKEND = '0,6';

/** The schedule without its time zone, or null when its shape is not one of those below. */
export function cronInWords(expression: string): string | null {
  let fields = expression.trim().split(/\s+/);
  // Six fields start with seconds: only whole minutes read naturally.
  if (fields.length === 6) {
    if (fields[0] !== '0') return null;
    fields = fields.slice(1);
  }
  if (fields.length !== 5) return null;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields;
  if (month !== '*') return null;

  const minutes = numbers(minute, 0, 59);
  const hours = numbers(hour, 0, 23);
  const everyDay = dayOfMonth === '*' && dayOfWeek === '*';

  // Several times an hour or a day, every day.
  if (everyDay && minute === '*' && hour === '*') return 'Every minute';
  const minuteStep = step(minute, 59);
  if (everyDay && minuteStep !== null && hour === '*') return minuteStep === 1 ? 'Every minute' : `Every ${minuteStep} minutes`;
  if (minutes?.length !== 1) return null;
  const [atMinute] = minutes;
  const hourStep = step(hour, 23);
  if (everyDay && hour === '*') return `Every hour at :${pad(atMinute)}`;
  if (everyDay && hourStep !== null) return hourStep === 1 ? `Every hour at :${pad(atMinute)}` : `Every ${hourStep} hours at :${pad(atMinute)}`;

  if (!hours) return null;
  const at = `at ${list(hours.map((h) => `${pad(h)}:${pad(atMinute)}`))}`;
  if (everyDay) return `Every day ${at}`;

  if (dayOfMonth === '*') {
    const days = weekdays(dayOfWeek);
    if (!days) return null;
    const key = days.join(',');
    if (key === WEEKDAYS) return `Every weekday ${at}`;
    if (key === WEEKEND) return `Every Saturday and Sunday ${at}`;
    if (days.length === 7) return `Every day ${at}`;
    return `Every ${list(days.map((day) => DAY_NAMES[day]))} ${at}`;
  }
  if (dayOfWeek === '*') {
    const dates = numbers(dayOfMonth, 1, 31);
    if (!dates) return null;
    return `On the ${list(dates.map(ordinal))} of every month ${at}`;
  }
  return null;
}

/** `*\/n` (or `0/n`) as n. */
function step(field: string, max: number): number | null {
  const match = /^(?:\*|0)\/(\d+)$/.exec(field);
  if (!match) return null;
  const value = Number(match[1]);
  return value >= 1 && value <= max ? value : null;
}

/** A field of numbers, ranges and lists ("1,15", "9-11") as sorted values; null for anything else. */
function numbers(field: string, min: number, max: number, parse: (part: string) => number | null = plainNumber): number[] | null {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const range = part.split('-');
    if (range.length > 2) return null;
    const from = parse(range[0]);
    const to = range.length === 2 ? parse(range[1]) : from;
    if (from === null || to === null || from > to || from < min || to > max) return null;
    for (let value = from; value <= to; value++) values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

function plainNumber(part: string): number | null {
  return /^\d+$/.test(part) ? Number(part) : null;
}

/** Days of the week, Sunday as 0 (cron also takes 7 and names such as MON). */
function weekdays(field: string): number[] | null {
  const parse = (part: string) => {
    const named = DAY_ALIASES.indexOf(part.toLowerCase());
    return named >= 0 ? named : plainNumber(part);
  };
  const days = numbers(field, 0, 7, parse);
  if (!days) return null;
  return [...new Set(days.map((day) => day % 7))].sort((a, b) => a - b);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function ordinal(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  return `${value}${{ 1: 'st', 2: 'nd', 3: 'rd' }[value % 10] ?? 'th'}`;
}

/** "a", "a and b", "a, b and c". */
function list(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
