import { useSyncExternalStore } from 'react';

/** The token of a mailed link: it travels in the fragment, which the browser never sends to a server. */
export function tokenFromLink(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

function onHashChange(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/**
 * The mailed link's token as it is now: a second link opened in a tab already on its page changes
 * only the fragment, with no reload.
 */
export function useLinkToken(): string {
  return useSyncExternalStore(onHashChange, tokenFromLink);
}
