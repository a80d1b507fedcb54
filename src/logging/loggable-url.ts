import { unescape } from 'node:querystring';

/**
 * Query parameters whose values are credentials or people's words (an emailed link's token, a
 * reviewer's note) or could be (a password): their values never reach the log.
 */
const REDACTED_PARAMETERS: ReadonlySet<string> = new Set(['token', 'note', 'password']);

/** A request's path and query as logged: the values of REDACTED_PARAMETERS blanked out, the rest as sent. */
export function loggableUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const [name] = pair.split('=', 1);
      return REDACTED_PARAMETERS.has(parameterName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

/**
 * A parameter's name as a query parser could read it: percent-decoded, `+` as a space, without a
 * bracket suffix (`token[]`, `note[0]`), in any case. Wider than what the routes accept, on purpose.
 */
function parameterName(raw: string): string {
  return unescape(raw.replace(/\+/g, ' '))
    .replace(/\[.*$/s, '')
    .trim()
    .toLowerCase();
}
