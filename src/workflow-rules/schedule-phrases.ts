import { NUMBER_WORDS } from '../common/number-words.js';
import { AT_BEFORE_A_NUMBER, JOINING_WORDS, RECURRENCE_PHRASES, RECURRENCE_WORDS } from './schedule-words-in-other-languages.js';
/**
 * Schedule phrases in a goal ("every Monday at 9", "the last Friday of the month at 5pm
 * Europe/Paris", "twice a week (Tuesdays and Fridays at 3pm)"): when a workflow is created without
 * a schedule, the one its goal names becomes the draft's schedule; a recurrence the scheduler cannot
 * fire ("every other week") is refused with the reason, never replaced by a nearby schedule. The
 * planner leaves the phrases out of the steps. Read by code, not by the model, so every model gives
 * the same schedule for the same words.
 *
 * A small grammar over tokens: a recurrence (every/each …, daily/weekly/monthly, plural day names,
 * "on the 15th of every month", "the first Monday of the month", "once/twice a week") followed or
 * preceded by modifiers (times, parts of the day, time zones, the days of a "twice a week"). Each
 * rule reads a bounded number of tokens from where it starts, so the whole reading is linear in
 * the text. It emits 5-field cron, with the Quartz day forms the scheduler reads (`1#1` the first
 * Monday, `5L` the last Friday, `L` the last day: schedule-slot.ts).
 */

interface Token {
  /** Lower-cased text; a clock time ("8:30") is `time`. */
  text: string;
  start: number;
  end: number;
  /** A whole number, as written ("9", "15th"). */
  number?: number;
  /** Written as an ordinal ("15th") or an ordinal word ("first"). */
  ordinal?: boolean;
  /** Minutes of a clock time ("8:30" has 30). */
  minute?: number;
}

/** A schedule the goal names, or a recurrence it names that the scheduler cannot fire, and why. */
export type ScheduleFromWords =
  | { expression: string; timezone: string | null; phrase: string }
  | { expression: null; phrase: string; reason: string };

interface Reading {
  start: number;
  end: number;
  /** Whether the phrase names a time or a part of the day ("at 8", "in the morning"). */
  timed: boolean;
  /** Index of the first token after the phrase. */
  next: number;
  schedule: ScheduleFromWords;
}

/** The day fields and how often within the day a recurrence fires; `refused` when cron cannot say it. */
interface Recurrence {
  dayOfMonth: string;
  dayOfWeek: string;
  /** "1,4,7,10" for a quarterly schedule; every month otherwise. */
  month?: string;
  /** "*\/4" for every 4 hours; otherwise the hour comes from the time. */
  hourStep?: string;
  minuteStep?: string;
  partOfDay?: string;
  /** "twice a week": how many days must be listed; "twice a day": how many times. */
  daysNeeded?: number;
  timesNeeded?: number;
  /** "twice a year", "every year": the dates of the year it needs (0: one or more). */
  datesNeeded?: number;
  refused?: string;
}

// Letters of any script, so "miércoles" is one word; "1er" is the French first, "1º" and "1ª" the Portuguese, Spanish and Italian.
const TOKEN = /\s+|(\d{1,2})[:.h](\d{2})(?!\d)|\d+(?:st|nd|rd|th|er|º|ª)?|[\p{L}_]+|[^\s\p{L}\p{N}_]/uy;
const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const SHORT_DAYS: Record<string, number> = { sun: 0, mon: 1, tue: 2, tues: 2, wed: 3, thu: 4, thur: 4, thurs: 4, fri: 5, sat: 6 };
const ORDINAL_WORDS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, last: -1 };
const PART_HOURS: Record<string, number> = { morning: 9, mornings: 9, afternoon: 14, afternoons: 14, evening: 18, evenings: 18, night: 20, nights: 20 };
/** "our weekly news", "the daily special": an adjective, not a schedule. */
const DETERMINERS = new Set(['our', 'the', 'a', 'an', 'my', 'your', 'this', 'that', 'their', 'his', 'her', 'its']);
/** Zones written as abbreviations or regions: each the IANA zone whose rules it names. */
const ZONE_WORDS: Record<string, string> = {
  utc: 'UTC',
  gmt: 'UTC',
  et: 'America/New_York',
  est: 'America/New_York',
  edt: 'America/New_York',
  eastern: 'America/New_York',
  ct: 'America/Chicago',
  cst: 'America/Chicago',
  cdt: 'America/Chicago',
  central: 'America/Chicago',
  mt: 'America/Denver',
  mst: 'America/Denver',
  mdt: 'America/Denver',
  mountain: 'America/Denver',
  pt: 'America/Los_Angeles',
  pst: 'America/Los_Angeles',
  pdt: 'America/Los_Angeles',
  pacific: 'America/Los_Angeles',
  cet: 'Europe/Paris',
  cest: 'Europe/Paris',
  bst: 'Europe/London',
};
/** Lists longer than these are not schedules: the bound keeps each rule's reading constant-sized. */
const MOST_DAYS = 7;
const MOST_DATES = 31;
const MOST_TIMES = 4;
const MOST_MODIFIERS = 8;

const WEEKS_REFUSED = 'the scheduler repeats on days of the week and of the month, and cannot count weeks from a first run (every other week)';
const DAYS_REFUSED = 'the scheduler repeats on days of the week and of the month, and cannot count days from a first run across months';
const MONTHS_REFUSED = 'the scheduler counts months from January, not from a first run';

let zonesByName: Map<string, string> | undefined;

/** IANA zones by lower-cased name ("europe/paris") and by city ("paris", "new york"). */
function zones(): Map<string, string> {
  if (zonesByName) return zonesByName;
  zonesByName = new Map();
  for (const zone of [...Intl.supportedValuesOf('timeZone'), 'UTC']) {
    zonesByName.set(zone.toLowerCase(), zone);
    const city = zone.split('/').pop()?.toLowerCase().replace(/_/g, ' ');
    if (city && zone.includes('/') && !zonesByName.has(`city:${city}`)) zonesByName.set(`city:${city}`, zone);
  }
  return zonesByName;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const raw = match[0];
    if (!raw.trim()) continue;
    const token: Token = { text: raw.toLowerCase(), start: match.index, end: match.index + raw.length };
    if (match[1] !== undefined) Object.assign(token, { text: 'time', number: Number(match[1]), minute: Number(match[2]) });
    else if (/^\d/.test(raw)) Object.assign(token, { number: Number.parseInt(raw, 10), ordinal: /\D$/.test(raw) });
    tokens.push(token);
  }
  return inEnglish(tokens);
}

/**
 * The tokens with a recurrence's words in other languages as the English words the grammar reads
 * (RECURRENCE_WORDS), each English word keeping the span of the words it stands for; then the
 * ordinals: ordinal words ("first", "último" read as "last") and a bare day number after "the" or "day"
 * and before "of" ("the 15 of every month", "el 15 de cada mes", "day 15 of each month"). Two passes, looking at most three tokens ahead.
 */
function inEnglish(tokens: Token[]): Token[] {
  const english: Token[] = [];
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at];
    const phraseOf = (size: number): readonly string[] | undefined =>
      at + size <= tokens.length ? RECURRENCE_PHRASES.get(tokens.slice(at, at + size).map((each) => each.text).join(' ')) : undefined;
    const size = phraseOf(3) ? 3 : phraseOf(2) ? 2 : 1;
    const words = size > 1 ? phraseOf(size) : RECURRENCE_WORDS.get(token.text);
    const join = JOINING_WORDS.get(token.text);
    // The French elided article ("l'après-midi") says nothing the grammar needs.
    if (token.text === 'l' && (tokens[at + 1]?.text === "'" || tokens[at + 1]?.text === '’')) {
      at++;
    } else if (AT_BEFORE_A_NUMBER.has(token.text) && tokens[at + 1]?.number !== undefined) {
      english.push({ ...token, text: 'at' });
    } else if (join !== undefined && joins(join, english.at(-1), tokens[at + 1])) {
      english.push({ ...token, text: join });
    } else if (words) {
      const span = { start: token.start, end: tokens[at + size - 1].end };
      english.push(...words.map((text) => ({ ...span, text })));
      at += size - 1;
    } else {
      english.push(token);
    }
  }
  for (const [at, token] of english.entries()) {
    if (ORDINAL_WORDS[token.text] !== undefined) Object.assign(token, { number: ORDINAL_WORDS[token.text], ordinal: true });
    const dayOfMonth = token.number !== undefined && !token.ordinal && token.minute === undefined && token.number >= 1 && token.number <= 31;
    if (dayOfMonth && (english[at - 1]?.text === 'the' || english[at - 1]?.text === 'day') && english[at + 1]?.text === 'of') token.ordinal = true;
    // "todo dia 5", "cada día 10 a las 8": a number right after "every day", where no time is, is the day of the month.
    const afterEveryDay = english[at - 1]?.text === 'day' && english[at - 2]?.text === 'every';
    if (dayOfMonth && afterEveryDay && [undefined, ',', '.', ';', 'at', 'of'].includes(english[at + 1]?.text)) token.ordinal = true;
  }
  return english;
}

/** A day's name, in English or as RECURRENCE_WORDS reads it ("lunes", "lundis"). */
function isDayName(token: Token | undefined): boolean {
  const text = token && (RECURRENCE_WORDS.get(token.text)?.[0] ?? token.text);
  return text !== undefined && DAY_NAMES.some((day) => text.startsWith(day));
}

/** Whether a joining word stands where it joins: between two days, or ("and") between two times. */
function joins(join: 'to' | 'and', before: Token | undefined, after: Token | undefined): boolean {
  if (isDayName(before) && isDayName(after)) return true;
  // "1 de janeiro e 1 de julho", "le 1er mars et le 1er septembre": between a month and the next date it is "and" too.
  if (join === 'and' && MONTH_NUMBERS[before?.text ?? ''] !== undefined && (after?.number !== undefined || ['le', 'el', 'la', 'il', 'o', 'am'].includes(after?.text ?? ''))) return true;
  return join === 'and' && (before?.number !== undefined || before?.text === 'noon') && after?.number !== undefined;
}

/** Words that say a place is open: days and hours after them are its opening times. */
const OPENING_WORDS: ReadonlySet<string> = new Set(['open', 'opening', 'opens', 'closed', 'closes', 'hours']);

/** Months by name and by their usual short forms. */
const MONTH_NUMBERS: Record<string, number> = Object.fromEntries(
  ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].flatMap(
    (name, index): [string, number][] => [[name, index + 1], [name.slice(0, 3), index + 1], ...(name === 'september' ? [['sept', 9] as [string, number]] : [])],
  ),
);

/** Minutes said after an hour in words ("seven thirty", "six forty-five"). */
const MINUTE_TENS: Record<string, number> = { ten: 10, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50 };

/** Quarterly: the first day of January, April, July and October. */
const QUARTERLY: Recurrence = { dayOfMonth: '1', dayOfWeek: '*', month: '1,4,7,10' };

/** A reader over the tokens: each rule takes the index it starts at and returns the index after what it read. */
class Grammar {
  private readonly tokens: Token[];

  constructor(private readonly text: string) {
    this.tokens = tokenize(text);
  }

  get length(): number {
    return this.tokens.length;
  }

  word(at: number, ...words: string[]): boolean {
    const text = this.tokens[at]?.text;
    return text !== undefined && words.includes(text);
  }

  /** A day name at `at` (singular or plural; short forms only where `short`). */
  day(at: number, short: boolean): { day: number; plural: boolean } | undefined {
    const text = this.tokens[at]?.text ?? '';
    const singular = text.endsWith('s') && DAY_NAMES.includes(text.slice(0, -1)) ? text.slice(0, -1) : text;
    const index = DAY_NAMES.indexOf(singular);
    if (index >= 0) return { day: index, plural: singular !== text };
    if (short && SHORT_DAYS[text] !== undefined) return { day: SHORT_DAYS[text], plural: false };
    return undefined;
  }

  /** "Monday", "Mondays and Thursdays", "Monday, Wednesday & Friday", "Monday to Friday", "Mon-Fri". */
  days(at: number, short: boolean): { days: number[]; plural: boolean; range?: boolean; next: number } | undefined {
    const first = this.day(at, short);
    if (!first) return undefined;
    let next = at + 1;
    if (this.word(next, 'to', 'through', 'thru', '-', '–', '—')) {
      const last = this.day(next + 1, short);
      if (last) {
        const days = [];
        for (let day = first.day; day !== last.day; day = (day + 1) % 7) days.push(day);
        return { days: [...days, last.day], plural: first.plural, range: true, next: next + 2 };
      }
    }
    const days = [first.day];
    while (days.length < MOST_DAYS) {
      let after = next;
      if (this.word(after, ',')) after++;
      // "sat n sun": a texted "n" joins days as "and" does, and so does a "+".
      if (this.word(after, 'and', '&', '/', 'or', 'n', '+')) after++;
      const day = this.day(after, short);
      if (!day || after === next) break;
      days.push(day.day);
      next = after + 1;
    }
    return { days, plural: first.plural, next };
  }

  /** A count: "2", "two", "other" (2). */
  count(at: number): number | undefined {
    const token = this.tokens[at];
    if (token?.text === 'other') return 2;
    if (token?.number !== undefined && !token.ordinal && token.minute === undefined) return token.number;
    return Object.hasOwn(NUMBER_WORDS, token?.text ?? '') ? NUMBER_WORDS[token?.text ?? ''] : undefined;
  }

  /** "am", "pm", "a.m.", "p.m": whether it is after noon, and the index after it. */
  meridiem(at: number): { pm: boolean; next: number } | undefined {
    const text = this.tokens[at]?.text;
    // A full stop after "am" ends the sentence ("around 10am. each time…"): it is no part of the time.
    if (text === 'am' || text === 'pm') return { pm: text === 'pm', next: at + 1 };
    if ((text === 'a' || text === 'p') && this.word(at + 1, '.') && this.word(at + 2, 'm')) {
      return { pm: text === 'p', next: at + (this.word(at + 3, '.') ? 4 : 3) };
    }
    return undefined;
  }

  /** "in the morning" after an hour, "at night": which half of the day it is in, and the index after it. */
  halfOfDay(at: number): { pm: boolean; next: number } | undefined {
    if (this.word(at, 'at') && this.word(at + 1, 'night')) return { pm: true, next: at + 2 };
    if (!this.word(at, 'in') || !this.word(at + 1, 'the')) return undefined;
    const part = this.tokens[at + 2]?.text ?? '';
    return PART_HOURS[part] === undefined ? undefined : { pm: !part.startsWith('morning'), next: at + 3 };
  }

  /** One time of day: "noon", "midnight", "8:30", "9am", "5 p.m.", "6 in the evening"; any other bare number only after "at". */
  time(at: number, afterAt: boolean): { hour: number; minute: number; meridiem: boolean; next: number } | undefined {
    const token = this.tokens[at];
    if (!token) return undefined;
    if (token.text === 'noon' || token.text === 'midday') return { hour: 12, minute: 0, meridiem: true, next: at + 1 };
    if (token.text === 'midnight') return { hour: 0, minute: 0, meridiem: true, next: at + 1 };
    const clock = this.clockWords(at);
    // An hour in words ("at six") is a time after "at" or before a meridiem, as a number is.
    const hourWord = clock ? undefined : this.hourOf(at);
    if (!clock && (hourWord === undefined || token.ordinal)) return undefined;
    // "9 in the morning", "six in the evening": the part of the day is this hour's meridiem.
    const meridiem = this.meridiem(clock?.next ?? at + 1) ?? this.halfOfDay(clock?.next ?? at + 1);
    let next = meridiem?.next ?? clock?.next ?? at + 1;
    if (!clock && !meridiem && token.minute === undefined && !afterAt) return undefined;
    if (this.word(next, 'o') && this.word(next + 1, "'", '’') && this.word(next + 2, 'clock')) next += 3;
    let hour = clock?.hour ?? hourWord ?? 0;
    const minute = clock?.minute ?? token.minute ?? 0;
    if (meridiem && (hour < 1 || hour > 12)) return undefined;
    if (meridiem?.pm && hour < 12) hour += 12;
    if (meridiem && !meridiem.pm && hour === 12) hour = 0;
    if (hour > 23 || minute > 59) return undefined;
    if (this.word(next, 'noon') && hour === 12) next++;
    return { hour, minute, meridiem: Boolean(meridiem), next };
  }

  /** An hour as a number or a word: "6", "six". */
  hourOf(at: number): number | undefined {
    const token = this.tokens[at];
    if (token?.number !== undefined) return token.number;
    const word = Object.hasOwn(NUMBER_WORDS, token?.text ?? '') ? NUMBER_WORDS[token?.text ?? ''] : undefined;
    return word !== undefined && word >= 1 && word <= 12 ? word : undefined;
  }

  /** The clock in words: "half past six" (6:30), "a quarter past 9" (9:15), "quarter to ten" (9:45). */
  clockWords(at: number): { hour: number; minute: number; next: number } | undefined {
    const spoken = this.spokenClock(at);
    if (spoken) return spoken;
    const start = this.word(at, 'a') ? at + 1 : at;
    const part = this.tokens[start]?.text;
    if (part !== 'half' && part !== 'quarter') return undefined;
    // "at half seven" is half past seven, as said in Britain.
    const britishHalf = part === 'half' && start === at && this.word(at - 1, 'at', 'around', 'about', '@') ? this.hourOf(at + 1) : undefined;
    if (britishHalf !== undefined && britishHalf >= 1 && britishHalf <= 12 && this.tokens[at + 1]?.minute === undefined) return { hour: britishHalf, minute: 30, next: at + 2 };
    const to = this.word(start + 1, 'to', 'till', 'til');
    if (!to && !this.word(start + 1, 'past', 'after')) return undefined;
    const hour = this.hourOf(start + 2);
    if (hour === undefined || hour < 1 || hour > 12 || this.tokens[start + 2]?.minute !== undefined || (to && part === 'half')) return undefined;
    if (to) return { hour: hour === 1 ? 12 : hour - 1, minute: 45, next: start + 3 };
    return { hour, minute: part === 'half' ? 30 : 15, next: start + 3 };
  }

  /**
   * The clock as it is said: "seven thirty", "eight fifteen", "six forty-five" (an hour in words, then its minutes in words),
   * after "at" or "around" or before a meridiem ("five thirty-second clips" is no time).
   */
  spokenClock(at: number): { hour: number; minute: number; next: number } | undefined {
    const hourToken = this.tokens[at];
    const tensWord = this.tokens[at + 1]?.text ?? '';
    if (!hourToken || hourToken.number !== undefined || !Object.hasOwn(MINUTE_TENS, tensWord)) return undefined;
    const hour = this.hourOf(at);
    if (hour === undefined) return undefined;
    const tens = MINUTE_TENS[tensWord];
    // "forty-five", "forty five": the tens, then the units.
    const unitsAt = this.word(at + 2, '-') ? at + 3 : at + 2;
    const unitsWord = this.tokens[unitsAt]?.text ?? '';
    const units = tens >= 20 && Object.hasOwn(NUMBER_WORDS, unitsWord) && NUMBER_WORDS[unitsWord] <= 9 ? NUMBER_WORDS[unitsWord] : undefined;
    const next = units === undefined ? at + 2 : unitsAt + 1;
    const said = this.word(at - 1, 'at', 'around', 'about', '@') || this.meridiem(next) !== undefined || this.halfOfDay(next) !== undefined;
    return said ? { hour, minute: tens + (units ?? 0), next } : undefined;
  }

  /** "at 9 and 5pm", "9am", "at noon": the times, sharing their minute, with meridiems. */
  times(at: number, hoursExpected = false): { hours: number[]; minute: number; meridiems: boolean[]; next: number } | undefined {
    // After "three times a day" bare numbers are its hours, as they are after "at"; "around midday", "at about 6" say the same.
    const saysAt = this.word(at, 'at', '@');
    const afterAt = saysAt || hoursExpected;
    const start = saysAt ? at + 1 : at;
    const approximate = this.word(start, 'around', 'about', 'approximately', 'roughly');
    const first = this.time(approximate ? start + 1 : start, afterAt || approximate);
    if (!first) return undefined;
    const hours = [first.hour];
    const meridiems = [first.meridiem];
    let next = first.next;
    while (hours.length < MOST_TIMES && this.word(next, 'and', ',', '&')) {
      const after = this.word(next + 1, 'at') ? next + 2 : next + 1;
      const time = this.time(after, afterAt);
      if (!time || time.minute !== first.minute) break;
      // Times are listed in the order of the day: a bare hour below the one before it ("at 9 and 5") is after noon.
      const previous = hours[hours.length - 1];
      hours.push(!time.meridiem && time.hour < 12 && time.hour <= previous ? time.hour + 12 : time.hour);
      meridiems.push(time.meridiem);
      next = time.next;
    }
    return { hours, minute: first.minute, meridiems, next };
  }

  /** "Europe/Paris", "UTC", "Paris time", "Eastern time", "(CET)". */
  zone(at: number): { zone: string; next: number } | undefined {
    let start = at;
    if (this.word(start, 'in', ',')) start++;
    let name = this.tokens[start]?.text ?? '';
    let next = start + 1;
    for (let parts = 0; parts < 3 && this.word(next, '/') && this.tokens[next + 1]; parts++) {
      name += `/${this.tokens[next + 1].text}`;
      next += 2;
    }
    // "et" is also French for "and" ("à 9h et 14h"): as a zone it is written in capitals.
    const written = this.tokens[start] ? this.text.slice(this.tokens[start].start, this.tokens[start].end) : '';
    const known = name.includes('/') ? zones().get(name) : name === 'et' && written !== 'ET' ? undefined : ZONE_WORDS[name];
    if (known) return { zone: known, next: this.word(next, 'time') ? next + 1 : next };
    // A city's time: "Paris time", "New York time".
    for (let words = 1; words <= 3; words++) {
      if (!this.word(start + words, 'time')) continue;
      const city = this.tokens.slice(start, start + words).map((token) => token.text).join(' ');
      const zone = zones().get(`city:${city}`);
      if (zone) return { zone, next: start + words + 1 };
    }
    return undefined;
  }

  /** "the 15th", "the first and 15th", "the first Monday", "the last day", "the last Friday": the day fields. */
  ordinal(at: number): { recurrence: Recurrence; next: number } | undefined {
    const dates: number[] = [];
    let next = at;
    while (dates.length < MOST_DATES) {
      const token = this.tokens[next];
      if (token?.ordinal !== true || token.number === undefined) break;
      dates.push(token.number);
      next++;
      // "the 1st and 15th", "the 1st and the 15th".
      const the = this.word(next + 1, 'the') ? 1 : 0;
      if (!this.word(next, 'and', ',', '&') || this.tokens[next + 1 + the]?.ordinal !== true) break;
      next += 1 + the;
    }
    if (dates.length === 0) return undefined;
    const single = dates.length === 1 ? dates[0] : undefined;
    const weekday = this.day(next, false);
    if (single !== undefined && weekday && !weekday.plural) {
      if (single > 5) return undefined;
      const dayOfWeek = single === -1 ? `${weekday.day}L` : `${weekday.day}#${single}`;
      return { recurrence: { dayOfMonth: '*', dayOfWeek }, next: next + 1 };
    }
    if (this.word(next, 'weekday', 'workday', 'business') || (this.word(next, 'working') && this.word(next + 1, 'day'))) {
      const after = this.word(next, 'working', 'business') ? next + 2 : next + 1;
      return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', refused: 'the scheduler cannot find the first or last working day of a month' }, next: after };
    }
    if (this.word(next, 'day')) next++;
    if (single === -1) return { recurrence: { dayOfMonth: 'L', dayOfWeek: '*' }, next };
    if (dates.some((date) => date < 1 || date > 31)) return undefined;
    return { recurrence: { dayOfMonth: [...new Set(dates)].sort((a, b) => a - b).join(','), dayOfWeek: '*' }, next };
  }

  /** "of every month", "of each month", "of the month", "a month". */
  ofMonth(at: number): number | undefined {
    if (this.word(at, 'of') && this.word(at + 1, 'every', 'each', 'the') && this.word(at + 2, 'month')) return at + 3;
    if (this.word(at, 'a', 'per', 'each', 'every') && this.word(at + 1, 'month')) return at + 2;
    return undefined;
  }

  /** "every N hours", "every other week", "every 3 days": a count of a unit. */
  interval(count: number, unit: string): Recurrence | undefined {
    const every = (refused?: string): Recurrence => ({ dayOfMonth: '*', dayOfWeek: '*', refused });
    if (/^minutes?$/.test(unit)) {
      if (count === 1) return { ...every(), minuteStep: '*', hourStep: '*' };
      return 60 % count === 0 ? { ...every(), minuteStep: `*/${count}`, hourStep: '*' } : every(`the scheduler restarts its count of minutes each hour, so every ${count} minutes would not stay ${count} minutes apart`);
    }
    if (/^hours?$/.test(unit)) {
      if (count === 1) return { ...every(), hourStep: '*' };
      return 24 % count === 0 ? { ...every(), hourStep: `*/${count}` } : every(`the scheduler restarts its count of hours at midnight, so every ${count} hours would not stay ${count} hours apart`);
    }
    if (/^days?$/.test(unit)) return count === 1 ? every() : every(DAYS_REFUSED);
    if (/^weeks?$/.test(unit)) return count === 1 ? { dayOfMonth: '*', dayOfWeek: '1' } : every(WEEKS_REFUSED);
    if (/^months?$/.test(unit)) return count === 1 ? { dayOfMonth: '1', dayOfWeek: '*' } : every(MONTHS_REFUSED);
    if (/^years?$/.test(unit)) return count === 1 ? { ...every(), datesNeeded: 0 } : every(`the scheduler cannot count years, so every ${count} years would run every year`);
    return undefined;
  }

  /** A recurrence starting at `at`: the core of a schedule phrase. */
  recurrence(at: number): { recurrence: Recurrence; next: number } | undefined {
    const token = this.tokens[at];
    if (!token) return undefined;
    const previous = this.tokens[at - 1]?.text ?? '';
    const text = token.text;
    if (text === 'every' || text === 'each') return this.afterEvery(at + 1);
    // "Am 1. Januar und am 1. Juli jeweils um 8": dates of the year "each" time are a yearly recurrence on them.
    if (text === 'jeweils' && this.datesEndingAt(at)) return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', datesNeeded: 0 }, next: at + 1 };
    // "at the start of every quarter", "the beginning of each month": the first day of that unit.
    const the = text === 'at' && this.word(at + 1, 'the') ? at + 2 : text === 'the' ? at + 1 : -1;
    if (the >= 0 && this.word(the, 'start', 'beginning') && this.word(the + 1, 'of') && this.word(the + 2, 'every', 'each')) return this.afterEvery(the + 3);
    // "at the end of every month": its last day.
    if (the >= 0 && this.word(the, 'end') && this.word(the + 1, 'of') && this.word(the + 2, 'every', 'each') && this.word(the + 3, 'month')) {
      return { recurrence: { dayOfMonth: 'L', dayOfWeek: '*' }, next: the + 4 };
    }
    if (text === 'quarterly') return { recurrence: QUARTERLY, next: at + 1 };
    // "weekday mornings", "Sunday evenings": a day and a part of the day, in the plural, repeat.
    const partOfDay = this.tokens[at + 1]?.text ?? '';
    if (partOfDay.endsWith('s') && PART_HOURS[partOfDay] !== undefined) {
      const weekday = text.startsWith('weekday') ? '1-5' : text.startsWith('weekend') ? '0,6' : undefined;
      const day = weekday ? undefined : this.day(at, false);
      if (weekday || day) return { recurrence: { dayOfMonth: '*', dayOfWeek: weekday ?? String(day?.day), partOfDay }, next: at + 2 };
    }
    // "Saturday and Sunday nights", "sat n sun nights": days listed before a part of the day in the plural.
    const listed = this.days(at, true);
    const listedPart = listed && listed.days.length > 1 ? (this.tokens[listed.next]?.text ?? '') : '';
    if (listed && listedPart.endsWith('s') && PART_HOURS[listedPart] !== undefined) {
      return { recurrence: { dayOfMonth: '*', dayOfWeek: dayField(listed.days), partOfDay: listedPart }, next: listed.next + 1 };
    }
    if (DETERMINERS.has(previous)) return undefined;
    if (text === 'daily' || text === 'nightly') return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', partOfDay: text === 'nightly' ? 'night' : undefined }, next: at + 1 };
    if (text === 'hourly') return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', hourStep: '*' }, next: at + 1 };
    if (text === 'weekly') return this.weekly(at + 1);
    if (text === 'monthly') return this.monthly(at + 1, { dayOfMonth: '1', dayOfWeek: '*' });
    if (text === 'fortnightly' || text === 'biweekly' || text === 'bimonthly') {
      return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', refused: text === 'bimonthly' ? MONTHS_REFUSED : WEEKS_REFUSED }, next: at + 1 };
    }
    if (text === 'yearly' || text === 'annually') return { recurrence: this.interval(1, 'year') as Recurrence, next: at + 1 };
    if (text === 'once' || text === 'twice' || (this.count(at) !== undefined && this.word(at + 1, 'times'))) return this.timesPer(at);
    if (text === 'weekdays' || text === 'weekends') {
      return { recurrence: { dayOfMonth: '*', dayOfWeek: text === 'weekdays' ? '1-5' : '0,6' }, next: at + 1 };
    }
    if (text === 'on' && this.word(at + 1, 'weekdays', 'weekends')) return this.recurrence(at + 1);
    if (text === 'on' && this.word(at + 1, 'the')) return this.monthDates(at + 2, true);
    if (text === 'on' && this.word(at + 1, 'day')) return this.monthDates(at + 1);
    if (text === 'day') return this.monthDates(at);
    if (text === 'the') return this.monthDates(at + 1);
    // "first Monday of every month", "15th of each month": the ordinal without its "the".
    if (token.ordinal) return this.monthDates(at);
    const start = text === 'on' ? at + 1 : at;
    // Short names ("Mon + Thu 7:30am") are days only as a range or a timed list, which a word such as "sun" never starts.
    const days = this.days(start, true);
    // "Mondays", "on Mondays and Thursdays", "Monday to Friday", "Monday, Wednesday and Friday at noon": a bare "Monday" is a
    // date, not a schedule, and so are days listed without a time ("a post on Monday and Friday").
    const timedList = days !== undefined && days.days.length > 1 && (this.word(days.next, 'at') ? this.time(days.next + 1, true) : this.time(days.next, false)) !== undefined;
    // "the council moved collection to Tuesdays": plural days after "to" are what something changed to, not when to work.
    const changedTo = days?.plural && !days.range && (previous === 'to' || previous === 'until' || previous === 'till');
    // "the new opening hours (Tue–Sat, 9–5)", "we're open Monday to Friday": when a place is open, not when to work.
    // (Looked for only where days were read: this runs at every token.)
    const openingTimes = days !== undefined && this.tokens.slice(Math.max(0, at - 6), at).some((before) => OPENING_WORDS.has(before.text));
    if (openingTimes) return undefined;
    if ((days?.plural && !changedTo) || ((days?.range || timedList) && previous !== 'next' && previous !== 'this')) {
      return { recurrence: { dayOfMonth: '*', dayOfWeek: dayField(days.days) }, next: days.next };
    }
    return undefined;
  }

  /** "the 15th of every month", "the first Monday of the month", "the last day of each month", "the 1st of Jan, Apr, Jul and Oct". */
  monthDates(at: number, afterOn = false): { recurrence: Recurrence; next: number } | undefined {
    // "the day 15 of each month", "on day 10 of…": the day's number after its noun.
    const ordinal = this.ordinal(this.word(at, 'day') && this.tokens[at + 1]?.ordinal ? at + 1 : at);
    if (!ordinal) return undefined;
    const months = this.word(ordinal.next, 'of') ? this.months(ordinal.next + 1) : undefined;
    if (months && months.list.length > 1) return { recurrence: { ...ordinal.recurrence, month: months.list.join(',') }, next: months.next };
    // "the first Monday of each quarter": that day in the quarter's first month.
    if (this.word(ordinal.next, 'of') && this.word(ordinal.next + 1, 'every', 'each', 'the') && this.word(ordinal.next + 2, 'quarter')) {
      return { recurrence: { ...ordinal.recurrence, month: QUARTERLY.month }, next: ordinal.next + 3 };
    }
    const next = this.ofMonth(ordinal.next);
    // "on the 1st and the 15th": dates of the month listed after "on" repeat each month, where one date may be a one-off.
    if (next === undefined && afterOn && ordinal.recurrence.dayOfMonth.includes(',')) return ordinal;
    return next === undefined ? undefined : { recurrence: ordinal.recurrence, next };
  }

  /** "Jan, Apr, Jul and Oct", "March and September": the months named, in order. */
  months(at: number): { list: number[]; next: number } | undefined {
    const list: number[] = [];
    let next = at;
    while (list.length < 12 && MONTH_NUMBERS[this.tokens[next]?.text ?? ''] !== undefined) {
      list.push(MONTH_NUMBERS[this.tokens[next].text]);
      next++;
      if (this.word(next, '.')) next++;
      if (!this.word(next, ',', 'and', '&') || MONTH_NUMBERS[this.tokens[next + 1]?.text ?? ''] === undefined) break;
      next++;
    }
    return list.length > 0 ? { list: [...new Set(list)].sort((a, b) => a - b), next } : undefined;
  }

  /**
   * Dates of the year, day and month in either order, after an optional "on": "1 March and 1 September", "June 21st",
   * "the 14th of February". Undefined when none starts at `at`.
   */
  datesOfYear(at: number): { days: number[]; months: number[]; next: number } | undefined {
    const days: number[] = [];
    const months: number[] = [];
    let next = this.onBeforeDate(at) ? at + 1 : at;
    while (days.length < MOST_DATES) {
      const start = this.word(next, 'the') ? next + 1 : next;
      const token = this.tokens[start];
      // "1. Januar": the German ordinal's full stop stands between the day and its month.
      const dotted = this.word(start + 1, '.') ? start + 2 : start + 1;
      const monthAt = this.word(dotted, 'of') ? dotted + 1 : dotted;
      let date: { day: number; month: number; next: number } | undefined;
      if (token?.number !== undefined && MONTH_NUMBERS[this.tokens[monthAt]?.text ?? ''] !== undefined) {
        date = { day: token.number, month: MONTH_NUMBERS[this.tokens[monthAt].text], next: monthAt + 1 };
      } else if (token && MONTH_NUMBERS[token.text] !== undefined && this.tokens[start + 1]?.number !== undefined) {
        date = { day: this.tokens[start + 1].number as number, month: MONTH_NUMBERS[token.text], next: start + 2 };
      }
      if (!date || date.day < 1 || date.day > 31) break;
      days.push(date.day);
      months.push(date.month);
      next = date.next;
      if (!this.word(next, 'and', ',', '&')) break;
      next++;
      if (this.onBeforeDate(next)) next++;
    }
    if (days.length === 0) return undefined;
    // A separator read after the last date is not the phrase's.
    if (this.word(next - 1, 'and', ',', '&')) next--;
    return { days, months, next };
  }

  /** "on 1 July", German "am 1. Juli" ("am" is English only after a time): the "on" of a date. */
  onBeforeDate(at: number): boolean {
    return this.word(at, 'on') || (this.word(at, 'am') && this.tokens[at + 1]?.number !== undefined);
  }

  /** Dates of the year just before `at`, and where they start. */
  datesEndingAt(at: number): { days: number[]; months: number[]; start: number } | undefined {
    for (let back = Math.max(0, at - 12); back < at; back++) {
      const before = this.datesOfYear(back);
      // "el 5 de mayo y el 5 de noviembre de cada año": the dates may end on "of" before the recurrence.
      if (before && (before.next === at || (before.next === at - 1 && this.word(before.next, ',', 'of')))) return { ...before, start: back };
    }
    return undefined;
  }

  /** After "every"/"each": a unit, a count of units, days, an ordinal weekday. */
  afterEvery(at: number): { recurrence: Recurrence; next: number } | undefined {
    let start = at;
    if (this.word(start, 'single')) start++;
    // "todo dia 1º de janeiro e 1º de julho", "every 1st of March": dates of the year after "every" repeat each year.
    const datesAt = this.word(start, 'day') ? start + 1 : start;
    if (this.datesOfYear(datesAt)) return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', datesNeeded: 0 }, next: datesAt };
    const text = this.tokens[start]?.text ?? '';
    const count = this.count(start);
    if (count !== undefined) {
      const unit = this.tokens[start + 1]?.text ?? '';
      const interval = this.interval(count, unit);
      if (interval) return unit.startsWith('week') ? this.weekly(start + 2, interval) : { recurrence: interval, next: start + 2 };
      const days = this.days(start + 1, true);
      if (days && count > 1) return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', refused: WEEKS_REFUSED }, next: days.next };
      return undefined;
    }
    const token = this.tokens[start];
    if (token?.ordinal) {
      // "every second Tuesday" is every other Tuesday; "every first Monday" the first of each month.
      const weekday = this.day(start + 1, true);
      if (token.number === 2 && weekday && this.ofMonth(start + 2) === undefined) {
        return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', refused: WEEKS_REFUSED }, next: start + 2 };
      }
      if (token.number === 2 && this.word(start + 1, 'week', 'day', 'month')) {
        return { recurrence: this.interval(2, this.tokens[start + 1].text) as Recurrence, next: start + 2 };
      }
      const ordinal = this.ordinal(start);
      if (!ordinal) return undefined;
      return { recurrence: ordinal.recurrence, next: this.ofMonth(ordinal.next) ?? ordinal.next };
    }
    if (text === 'weekday' || text === 'weekdays' || text === 'workday' || text === 'workdays') return { recurrence: { dayOfMonth: '*', dayOfWeek: '1-5' }, next: start + 1 };
    if ((text === 'working' || text === 'business') && this.word(start + 1, 'day', 'days')) return { recurrence: { dayOfMonth: '*', dayOfWeek: '1-5' }, next: start + 2 };
    if (text === 'weekend' || text === 'weekends') return { recurrence: { dayOfMonth: '*', dayOfWeek: '0,6' }, next: start + 1 };
    if (PART_HOURS[text] !== undefined) return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', partOfDay: text }, next: start + 1 };
    if (text === 'week') return this.weekly(start + 1);
    if (text === 'quarter') return { recurrence: QUARTERLY, next: start + 1 };
    if (text === 'month') return this.monthly(start + 1, { dayOfMonth: '1', dayOfWeek: '*' });
    if (text === 'day' && this.tokens[start + 1]?.ordinal) {
      const ordinal = this.ordinal(start + 1);
      if (ordinal) return { recurrence: ordinal.recurrence, next: this.ofMonth(ordinal.next) ?? ordinal.next };
    }
    if (text === 'day' || text === 'hour' || text === 'minute' || text === 'year') return { recurrence: this.interval(1, text) as Recurrence, next: start + 1 };
    const days = this.days(start, true);
    if (days) return { recurrence: { dayOfMonth: '*', dayOfWeek: dayField(days.days) }, next: days.next };
    return undefined;
  }

  /** "weekly", "every week" and "every 2 weeks", then optionally "on Mondays". */
  weekly(at: number, recurrence: Recurrence = { dayOfMonth: '*', dayOfWeek: '1' }): { recurrence: Recurrence; next: number } {
    const on = this.word(at, 'on') ? at + 1 : at;
    const days = this.days(on, true);
    if (!days) return { recurrence, next: at };
    return { recurrence: recurrence.refused ? recurrence : { ...recurrence, dayOfWeek: dayField(days.days) }, next: days.next };
  }

  /** "monthly" and "every month", then optionally "on the 15th" or "on the first Monday". */
  monthly(at: number, recurrence: Recurrence): { recurrence: Recurrence; next: number } {
    const the = this.word(at, 'on') && this.word(at + 1, 'the') ? at + 2 : this.word(at, 'the') ? at + 1 : at;
    const ordinal = this.ordinal(the);
    return ordinal ? ordinal : { recurrence, next: at };
  }

  /** "once a week", "twice a week", "3 times a day", "once a month on the 15th". */
  timesPer(at: number): { recurrence: Recurrence; next: number } | undefined {
    const text = this.tokens[at]?.text ?? '';
    const times = text === 'once' ? 1 : text === 'twice' ? 2 : (this.count(at) ?? 0);
    const per = text === 'once' || text === 'twice' ? at + 1 : at + 2;
    if (!this.word(per, 'a', 'per', 'each', 'every')) return undefined;
    const unit = this.tokens[per + 1]?.text ?? '';
    const next = per + 2;
    if (unit === 'day') return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', timesNeeded: times > 1 ? times : undefined }, next };
    if (unit === 'week') {
      if (times === 1) return this.weekly(next);
      return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', daysNeeded: times }, next };
    }
    if (unit === 'month' && times === 1) return this.monthly(next, { dayOfMonth: '1', dayOfWeek: '*' });
    if (unit === 'year') return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', datesNeeded: times }, next };
    if (unit === 'month') return { recurrence: { dayOfMonth: '*', dayOfWeek: '*', refused: 'it does not say on which days' }, next };
    return undefined;
  }

  /** The phrase starting at `at`: a recurrence with the times, part of the day and zone around it. */
  phrase(at: number): Reading | undefined {
    const core = this.recurrence(at);
    if (!core) return undefined;
    let { recurrence } = core;
    let next = core.next;
    let times: { hours: number[]; minute: number; meridiems: boolean[] } | undefined;
    let zone: string | undefined;
    let days: number[] | undefined;
    let dates: { days: number[]; months: number[] } | undefined;
    let partOfDay = recurrence.partOfDay;
    let open = -1;
    let end = next;
    for (let modifiers = 0; modifiers < MOST_MODIFIERS; modifiers++) {
      let after = next;
      // A comma, a colon or a dash may stand between the recurrence and its times ("twice a day - 9 and 6").
      if (this.word(after, ',', ':', '-', '–', '—')) after++;
      // "by 4pm": the time the work is wanted by is when it runs.
      const time = times ? undefined : this.word(after, 'by') ? this.times(after + 1) : this.times(after, recurrence.timesNeeded !== undefined);
      // "the end of every month, precisely the last Friday": the day said more precisely after it.
      const precisely = recurrence.dayOfMonth === 'L' && this.word(after, 'precisely', 'namely', 'specifically', 'exactly') ? this.ordinal(this.word(after + 1, 'the') ? after + 2 : after + 1) : undefined;
      const zoneRead = zone ? undefined : this.zone(after);
      const listed = recurrence.daysNeeded && !days ? this.days(this.word(after, 'on') ? after + 1 : after, true) : undefined;
      const dated = recurrence.datesNeeded !== undefined && !dates ? this.datesOfYear(after) : undefined;
      const kept = listed || dated ? undefined : this.daysKept(after, recurrence);
      if (time) [times, next] = [time, time.next];
      else if (precisely) [recurrence, next] = [precisely.recurrence, precisely.next];
      else if (dated) [dates, next] = [dated, dated.next];
      else if (kept) [recurrence, next] = [{ ...recurrence, dayOfWeek: dayField(kept.days) }, kept.next];
      else if (zoneRead) [zone, next] = [zoneRead.zone, zoneRead.next];
      else if (listed) [days, next] = [listed.days, listed.next];
      else if (!partOfDay && PART_HOURS[this.tokens[after]?.text ?? ''] !== undefined) [partOfDay, next] = [this.tokens[after].text, after + 1];
      else if (!partOfDay && this.word(after, 'at') && this.word(after + 1, 'night')) [partOfDay, next] = ['night', after + 2];
      else if (!partOfDay && this.word(after, 'in') && this.word(after + 1, 'the') && PART_HOURS[this.tokens[after + 2]?.text ?? ''] !== undefined) {
        [partOfDay, next] = [this.tokens[after + 2].text, after + 3];
      } else if (this.word(after, '(') && open < 0) [open, next] = [after, after + 1];
      else if (this.word(after, ')') && open >= 0) [open, next] = [-1, after + 1];
      else break;
      if (open < 0) end = next;
    }
    // A time just before the recurrence: "at 9am every Monday"; dates of the year: "On 5 May and 5 November each year".
    let start = at;
    if (recurrence.datesNeeded !== undefined && !dates) {
      const before = this.datesEndingAt(at);
      if (before) [dates, start] = [before, before.start];
    }
    if (!times) {
      for (let back = Math.max(0, at - 5); back < at; back++) {
        const time = this.times(back);
        if (time && time.next === at) {
          times = time;
          start = back;
          break;
        }
      }
    }
    recurrence = this.completed(recurrence, days, times, dates);
    const first = this.tokens[start];
    const last = this.tokens[end - 1];
    return {
      start: first.start,
      end: last.end,
      next: end,
      timed: times !== undefined || partOfDay !== undefined,
      schedule: this.schedule(recurrence, times, partOfDay, zone, this.text.slice(first.start, last.end)),
    };
  }

  /**
   * Days that keep a daily recurrence to them: "every evening, Tuesday to Saturday", "every 2 hours on Mondays and Fridays".
   * A single day without "on" or "from" is more likely a date the goal speaks of than a restriction.
   */
  daysKept(at: number, recurrence: Recurrence): { days: number[]; next: number } | undefined {
    const daily = recurrence.dayOfWeek === '*' && recurrence.dayOfMonth === '*' && !recurrence.refused && !recurrence.daysNeeded && recurrence.datesNeeded === undefined;
    if (!daily) return undefined;
    const start = this.word(at, 'on', 'from') ? at + 1 : at;
    const days = this.days(start, true);
    return days && (days.range || days.plural || days.days.length > 1 || start > at) ? days : undefined;
  }

  /** A "twice a week" with its days, a "twice a day" with its times; refused when they are missing. */
  completed(
    recurrence: Recurrence,
    days: number[] | undefined,
    times: { hours: number[] } | undefined,
    dates: { days: number[]; months: number[] } | undefined,
  ): Recurrence {
    if (recurrence.datesNeeded !== undefined) return datesCompleted(recurrence, dates);
    if (recurrence.daysNeeded) {
      if (days?.length !== recurrence.daysNeeded) return { ...recurrence, refused: `it does not name the ${recurrence.daysNeeded} days of the week` };
      return { ...recurrence, dayOfWeek: dayField(days) };
    }
    if (recurrence.timesNeeded && times?.hours.length !== recurrence.timesNeeded) {
      return { ...recurrence, refused: `it does not name the ${recurrence.timesNeeded} times of the day` };
    }
    return recurrence;
  }

  schedule(
    recurrence: Recurrence,
    times: { hours: number[]; minute: number; meridiems: boolean[] } | undefined,
    partOfDay: string | undefined,
    zone: string | undefined,
    phrase: string,
  ): ScheduleFromWords {
    if (recurrence.refused) return { expression: null, phrase, reason: recurrence.refused };
    // "Friday afternoon at 4" is 16:00; "at 4am" stays 04:00.
    const later = partOfDay !== undefined && !/^morning/.test(partOfDay);
    const hours = times?.hours.map((hour, index) => (later && !times.meridiems[index] && hour < 12 ? hour + 12 : hour));
    const hourField = recurrence.hourStep ?? (hours ? [...new Set(hours)].sort((a, b) => a - b).join(',') : String(PART_HOURS[partOfDay ?? ''] ?? 9));
    const minuteField = recurrence.minuteStep ?? String(times?.minute ?? 0);
    return { expression: `${minuteField} ${hourField} ${recurrence.dayOfMonth} ${recurrence.month ?? '*'} ${recurrence.dayOfWeek}`, timezone: zone ?? null, phrase };
  }
}

/**
 * A yearly recurrence with its dates: one day of the month in each month named ("1 March and 1 September" is "1 3,9");
 * refused when the dates are missing or fall on different days of the month, which one cron expression cannot say.
 */
function datesCompleted(recurrence: Recurrence, dates: { days: number[]; months: number[] } | undefined): Recurrence {
  const needed = recurrence.datesNeeded ?? 0;
  if (!dates || (needed > 0 && dates.days.length !== needed)) {
    return { ...recurrence, refused: needed > 1 ? `it does not name the ${needed} dates of the year` : 'a yearly schedule needs its date ("every year on 14 February")' };
  }
  if (new Set(dates.days).size > 1) return { ...recurrence, refused: 'its dates fall on different days of the month, which one schedule cannot say' };
  const months = [...new Set(dates.months)].sort((a, b) => a - b).join(',');
  return { ...recurrence, dayOfMonth: String(dates.days[0]), month: months };
}

/** Days of the week as a cron field, runs of three or more as ranges: [1,2,3,4,5] is "1-5". */
function dayField(days: number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let index = 0; index < sorted.length; ) {
    let last = index;
    while (last + 1 < sorted.length && sorted[last + 1] === sorted[last] + 1) last++;
    parts.push(last - index >= 2 ? `${sorted[index]}-${sorted[last]}` : sorted.slice(index, last + 1).join(','));
    index = last + 1;
  }
  return parts.join(',');
}

/** Every schedule phrase in the text, in order. */
function readAll(text: string): Reading[] {
  const grammar = new Grammar(text);
  const readings: Reading[] = [];
  for (let at = 0; at < grammar.length; ) {
    const reading = grammar.phrase(at);
    if (!reading) {
      at++;
      continue;
    }
    readings.push(reading);
    at = Math.max(reading.next, at + 1);
  }
  return readings;
}

/** A relative clause before the phrase ("roles that change every month"): it says what something does, not when to work. */
const RELATIVE_BEFORE = /\b(?:that|which|who)\s+(?:[\w'’-]+\s+){0,3}$/i;
/** How the person works now ("I'm doing this by hand every day"): the recurrence of today's chore, not the schedule asked for. */
const CURRENT_PRACTICE = /\b(?:by\s+hand|manually|right\s+now|at\s+the\s+moment|currently|(?:i|we)(?:['’]m|['’]re|\s+am|\s+are)\s+doing)\b/i;

/** A frequency said without its days: "monthly", "every week", "each month". */
const BARE_FREQUENCY = /^(?:monthly|weekly|(?:every|each)\s+(?:single\s+)?(?:month|week))$/i;

function describesSomethingElse(goal: string, reading: Reading): boolean {
  const before = goal.slice(Math.max(0, reading.start - 160), reading.start);
  const sentence = before.split(/[.!?\n]/).at(-1) ?? '';
  return RELATIVE_BEFORE.test(before) || CURRENT_PRACTICE.test(sentence);
}

/** The schedule the goal's first schedule phrase names, or why the scheduler cannot fire it; null when it names none. */
export function suggestSchedule(goal: string): ScheduleFromWords | null {
  const readings = readAll(goal);
  // "roles that change every month… on the first Monday of every month, post them": a phrase describing something else gives
  // way to one that says when to work.
  const whenToWork = readings.filter((reading) => !describesSomethingElse(goal, reading));
  const [said, ...later] = whenToWork.length > 0 ? whenToWork : readings;
  if (!said) return null;
  // "monthly, on the last Friday of the month": a bare frequency gives way to a later phrase naming its days.
  const first = (BARE_FREQUENCY.test(said.schedule.phrase) && later.find((reading) => reading.schedule.expression)) || said;
  // "quarterly VAT reminder - 1st of Jan, Apr, Jul and Oct at 8": a later phrase naming the same days with a time says when.
  const days = (reading: Reading): string | undefined => reading.schedule.expression?.split(' ').slice(2).join(' ');
  const timed = first.timed ? undefined : later.find((reading) => reading.timed && days(reading) !== undefined && days(reading) === days(first));
  const chosen = timed ?? first;
  // "Have it ready by 9:30": a recurrence without a time runs at the deadline the goal gives its work.
  const timedByDeadline = chosen.timed ? chosen.schedule : atTimeSaid(chosen.schedule, DEADLINE.exec(goal), false);
  // "actually make that 7": a time corrected later, in the same half of the day.
  return atTimeSaid(withCorrectedDay(timedByDeadline, goal), CORRECTED_TIME.exec(goal), true);
}

/** "every weekday at 6:30am … actually make that 7": a time corrected later in the goal. */
const CORRECTED_TIME = /\b(?:actually|no\s+wait|sorry|on\s+second\s+thought)\b[^.!?]{0,20}?\bmake\s+(?:it|that)\s+(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?m\.?)?(?![\d:])/i;

/**
 * A schedule at one hour and minute moved to a time said apart from its phrase (hour, minutes, a or p), kept in the
 * schedule's half of the day when `sameHalfOfDay` and no am/pm is said ("at 6pm … make that 7" is 19:00).
 */
function atTimeSaid(schedule: ScheduleFromWords, said: RegExpExecArray | null, sameHalfOfDay: boolean): ScheduleFromWords {
  const fields = schedule.expression?.split(' ') ?? [];
  if (!said || schedule.expression === null || !/^\d+$/.test(fields[0]) || !/^\d+$/.test(fields[1])) return schedule;
  const [, hourWritten, minuteWritten = '0', meridiem] = said;
  const written = Number(hourWritten);
  const hour = meridiem ? (written % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0) : sameHalfOfDay && written < 12 && Number(fields[1]) >= 12 ? written + 12 : written;
  const minute = Number(minuteWritten);
  if (hour > 23 || minute > 59) return schedule;
  return { ...schedule, expression: [String(minute), String(hour), ...fields.slice(2)].join(' ') };
}

/** "every monday … actually no make it tuesday": a weekday corrected later in the goal. */
const CORRECTED_DAY =
  /\b(?:actually|no\s+wait|sorry|on\s+second\s+thought|scratch\s+that)\b[^.!?]{0,20}?\b(?:make\s+(?:it|that)|change\s+(?:it|that)\s+to|let['’]?s\s+(?:do|say)|better|rather)\s+(?:on\s+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b/i;
const WEEKDAY_NUMBERS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A schedule on one weekday moved to the day a later correction names. */
function withCorrectedDay(schedule: ScheduleFromWords, goal: string): ScheduleFromWords {
  const corrected = CORRECTED_DAY.exec(goal);
  const fields = schedule.expression?.split(' ') ?? [];
  if (!corrected || schedule.expression === null || fields[2] !== '*' || !/^[0-6]$/.test(fields[4])) return schedule;
  return { ...schedule, expression: [...fields.slice(0, 4), String(WEEKDAY_NUMBERS.indexOf(corrected[1].toLowerCase()))].join(' ') };
}

/** "Have it ready by 9:30", "done before 8am": the time the work must be done by, said apart from the recurrence. */
const DEADLINE = /\b(?:ready|done|finished|sent|out|there|waiting)\s+(?:by|before)\s+(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?m\.?)?(?![\d:.]*\d)/i;

/**
 * Why a goal has no schedule, when its words name one the scheduler cannot fire: the sentence the
 * draft's creation answer and its approval mail carry. Null when the goal names none, or one it can.
 */
export function unsetScheduleNote(goal: string): string | null {
  const words = suggestSchedule(goal);
  return words?.expression === null ? refusalNote(words) : null;
}

/** "No schedule set: the goal asks for "every other week", and <why>. Set a schedule …". */
export function refusalNote(words: { phrase: string; reason: string }): string {
  return `No schedule set: the goal asks for "${words.phrase}", and ${words.reason}. Set a schedule on the workflow yourself.`;
}

/** The text without its schedule phrases ("Every Monday, write a post" → "write a post"). */
/** The unit after an hour the phrase ends on ("à 18h", "um 17 Uhr", "a las 8 horas"): part of the phrase, not of the ask. */
const HOUR_UNIT_AFTER = /^[^\S\n]?(?:h|uhr|uur|heures?|horas?)(?![\p{L}\p{N}])/iu;

export function withoutSchedulePhrases(text: string): string {
  let rest = '';
  let from = 0;
  for (const reading of readAll(text)) {
    rest += `${text.slice(from, reading.start).replace(HOUR_UNIT_AFTER, '').replace(/[\s,]*$/, '')} `;
    from = reading.end;
  }
  // Only the blanks of the phrase's own line: the line break after it still parts it from the next line.
  // A comma or a spaced dash after the phrase ("every weekday 8:15am — summarise…") joined it to the ask.
  rest += text.slice(from).replace(HOUR_UNIT_AFTER, '').replace(/^[^\S\n]*(?:,|[-–—](?=[^\S\n]))?/, ' ');
  // Spaces close up; line breaks stay (a blank line still parts a request from the text pasted under it). Each run of
  // blanks is tried only where it starts (the lookbehinds), so none is rescanned from each of its characters.
  return rest
    .replace(/\(\s*\)/g, ' ')
    .replace(/^[\s,;:]+/, '')
    .replace(/(?<![^\S\n])[^\S\n]+([,.;!?])/g, '$1')
    .replace(/[^\S\n]{2,}/g, ' ')
    .replace(/(?<![^\S\n])[^\S\n]*\n[^\S\n]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
