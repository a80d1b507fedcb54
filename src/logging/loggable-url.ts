import { unescape } from 'node:querystring';

/**
 * The words that make a query parameter's value a credential or people's words: an emailed link's
 * token, a reviewer's note, a password, and whatever else a client or a proxy in front of us puts
 * in a URL (OAuth's `access_token`, `id_token`, `refresh_token` and `code`, API keys, presigned
 * URLs' `X-Amz-Signature` and `X-Amz-Credential`, session ids). A name whose last word is one of
 * these is redacted (`client_secret`, `csrf-token`, `apiKey`).
 */
const SECRET_LAST_WORDS: ReadonlySet<string> = new Set([
  'token', 'note', 'password', 'passwd', 'pwd', 'secret', 'code', 'key', 'apikey', 'signature', 'sig', 'jwt',
  'session', 'sessionid', 'sid', 'auth', 'credential', 'credentials', 'otp',
]);

/** Words that make a name secret wherever they stand (`token_type_hint` is harmless but cheap to blank). */
const SECRET_ANYWHERE: ReadonlySet<string> = new Set(['token', 'password', 'passwd', 'secret', 'jwt', 'apikey']);

/** A request's path and query as logged: the values of credential-shaped parameters blanked out, the rest as sent. */
export function loggableUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const [name] = pair.split('=', 1);
      return isSecretName(name) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

/**
 * A parameter's name read as a query parser could read it (percent-decoded, `+` as a space,
 * without a bracket suffix such as `token[]`, in any case) and cut into words at separators and
 * camelCase humps. Wider than what the routes accept, on purpose: redacting a harmless value
 * costs nothing, logging a credential is a leak.
 */
function isSecretName(raw: string): boolean {
  const words = unescape(raw.replace(/\+/g, ' '))
    .replace(/\[.*$/s, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const last = words.at(-1);
  if (last === undefined) return false;
  if (SECRET_LAST_WORDS.has(last) || words.some((word) => SECRET_ANYWHERE.has(word))) return true;
  // `session_id`, `sessionId`: the id of a session is its credential.
  return last === 'id' && words.at(-2) === 'session';
}
