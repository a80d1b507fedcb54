import { useMemo } from 'react';

/** The browser's time zones as suggestions for a time zone input (`list={id}`). */
export function TimeZoneOptions({ id }: { id: string }) {
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  return (
    <datalist id={id}>
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}

/** Where the browser is, as the suggested time zone of a new schedule. */
export function useBrowserTimeZone(): string {
  return useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
}
