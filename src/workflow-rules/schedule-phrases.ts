/**
 * Schedule phrases in a goal ("every Monday at 9", "each Friday afternoon", "daily at 8:30am"):
 * when a workflow is created without a schedule, the one its goal names becomes the draft's
 * schedule, shown in the plan approval mail; the planner leaves the phrase out of the steps.
 * Read by code, not by the model, so every model gives the same schedule for the same words.
 */

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY = String.raw`(?:sun|mon|tues|wednes|thurs|fri|satur)days?`;
const DAY_LIST = String.raw`${DAY}(?:\s*(?:,|and|&|\/)\s*${DAY})*`;
const PART_OF_DAY = String.raw`(?:\s+(?:morning|afternoon|evening|night))?`;

/** Each kind of recurrence, the cron fields it sets (minute and hour come from the time). */
const RECURRENCES: { pattern: RegExp; fields: (match: RegExpExecArray) => { dayOfMonth: string; dayOfWeek: string } | undefined }[] = [
  {
    pattern: new RegExp(String.raw`\b(?:(?:every|each|on)\s+)?(?:week\s?days|every\s+week\s?day|each\s+week\s?day)${PART_OF_DAY}\b`, 'i'),
    fields: (match) => (/^(?:every|each|on)\b|days/i.test(match[0]) ? { dayOfMonth: '*', dayOfWeek: '1-5' } : undefined),
  },
  {
    // "every Monday", "each Friday afternoon", "on Mondays and Thursdays"; a bare "Monday" is a date, not a schedule.
    pattern: new RegExp(String.raw`\b(?:(?:every|each)\s+(?:single\s+)?|on\s+(?=${DAY}s\b))(${DAY_LIST})${PART_OF_DAY}\b`, 'i'),
    fields: (match) => ({ dayOfMonth: '*', dayOfWeek: daysOf(match[1] ?? '') }),
  },
  {
    pattern: new RegExp(String.raw`\b(?:${DAY.replace('days?', 'days')})${PART_OF_DAY}\b`, 'i'),
    fields: (match) => ({ dayOfMonth: '*', dayOfWeek: daysOf(match[0]) }),
  },
  {
    pattern: /\b(?:(?:every|each)\s+(?:day|morning|evening|night)|(?<!\b(?:our|the|a|an|my|your|this|that|their)\s+)(?:daily|nightly)|once\s+a\s+day)\b/i,
    fields: () => ({ dayOfMonth: '*', dayOfWeek: '*' }),
  },
  {
    pattern: /\b(?:(?:every|each)\s+week|(?<!\b(?:our|the|a|an|my|your|this|that|their)\s+)weekly|once\s+a\s+week)\b/i,
    fields: () => ({ dayOfMonth: '*', dayOfWeek: '1' }),
  },
  {
    pattern: /\b(?:(?:on\s+)?the\s+first\s+(?:day\s+)?of\s+(?:every|each|the)\s+month|(?:every|each)\s+month|(?<!\b(?:our|the|a|an|my|your|this|that|their)\s+)monthly|once\s+a\s+month)\b/i,
    fields: () => ({ dayOfMonth: '1', dayOfWeek: '*' }),
  },
];

const TIME = /^(?:\s*,)?\s*(?:at\s+(?:(noon|midday|midnight)|(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?)|in\s+the\s+(morning|afternoon|evening))\b\.?/i;
const TIME_BEFORE = /\bat\s+(?:(noon|midday|midnight)|(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?)\s*,?\s*$/i;
const PART_HOURS: Record<string, number> = { morning: 9, afternoon: 14, evening: 18, night: 20 };

export interface SchedulePhrase {
  /** The cron expression (5 fields) the phrase names. */
  cron: string;
  /** Where the phrase (with its time) sits in the text. */
  start: number;
  end: number;
}

/** The first schedule phrase in the text, as a cron expression, or undefined when it names none. */
export function findSchedulePhrase(text: string): SchedulePhrase | undefined {
  for (const recurrence of RECURRENCES) {
    const match = recurrence.pattern.exec(text);
    const fields = match && recurrence.fields(match);
    if (!match || !fields) continue;
    let start = match.index;
    let end = match.index + match[0].length;
    let time = timeOf(TIME.exec(text.slice(end)));
    if (time) end += TIME.exec(text.slice(end))?.[0].length ?? 0;
    else {
      const before = TIME_BEFORE.exec(text.slice(0, start));
      time = timeOf(before);
      if (before) start = before.index;
    }
    const partOfDay = /\b(morning|afternoon|evening|night)\b/i.exec(match[0])?.[1]?.toLowerCase();
    const hour = time?.hour ?? (partOfDay ? PART_HOURS[partOfDay] : 9);
    return { cron: `${time?.minute ?? 0} ${hour} ${fields.dayOfMonth} * ${fields.dayOfWeek}`, start, end };
  }
  return undefined;
}

/** The cron expression a goal's schedule phrase names, or null. */
export function suggestSchedule(goal: string): string | null {
  return findSchedulePhrase(goal)?.cron ?? null;
}

/** The text without its schedule phrases ("Every Monday, write a post" → "write a post"). */
export function withoutSchedulePhrases(text: string): string {
  let rest = text;
  for (let phrase = findSchedulePhrase(rest); phrase; phrase = findSchedulePhrase(rest)) {
    rest = `${rest.slice(0, phrase.start).replace(/[\s,]*$/, '')}${rest.slice(phrase.end).replace(/^\s*,?/, ' ')}`;
  }
  return rest.replace(/^[\s,;:]+/, '').replace(/\s+([,.;!?])/g, '$1').replace(/\s{2,}/g, ' ').trim();
}

function daysOf(list: string): string {
  const days = [...list.toLowerCase().matchAll(new RegExp(DAY, 'gi'))].map((day) =>
    DAYS.findIndex((name) => name.slice(0, 3) === day[0].slice(0, 3)),
  );
  return [...new Set(days)].sort((a, b) => a - b).join(',');
}

function timeOf(match: RegExpExecArray | null): { hour: number; minute: number } | undefined {
  if (!match) return undefined;
  const [, named, hourText, minuteText, meridiem, partOfDay] = match;
  if (named) return { hour: /midnight/i.test(named) ? 0 : 12, minute: 0 };
  if (partOfDay) return { hour: PART_HOURS[partOfDay.toLowerCase()] ?? 9, minute: 0 };
  let hour = Number(hourText);
  const minute = Number(minuteText ?? 0);
  if (/^p/i.test(meridiem ?? '') && hour < 12) hour += 12;
  if (/^a/i.test(meridiem ?? '') && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return undefined;
  return { hour, minute };
}
