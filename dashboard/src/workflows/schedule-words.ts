import cronstrue from 'cronstrue';

/**
 * A cron schedule in words ("At 09:00, Monday through Friday (Europe/Paris)"), read by cronstrue,
 * which also reads the Quartz day forms the scheduler fires (`1#1` the first Monday, `5L` the last
 * Friday, `L` the last day of the month); null for text it cannot read, which the page then shows
 * as the cron text itself.
 */
export function scheduleInWords(expression: string, timezone: string): string | null {
  const words = cronInWords(expression);
  return words === null ? null : `${words} (${timezone})`;
}

/** The schedule without its time zone, or null when cronstrue cannot read it. */
export function cronInWords(expression: string): string | null {
  try {
    return cronstrue.toString(expression, { use24HourTimeFormat: true, verbose: false, throwExceptionOnParseError: true });
  } catch {
    return null;
  }
}
