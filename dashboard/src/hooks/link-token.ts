/** The token of a mailed link: it travels in the fragment, which the browser never sends to a server. */
export function tokenFromLink(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}
