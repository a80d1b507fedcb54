import { useEffect, useRef } from 'react';

/** The latest value for effects that must not restart when it changes (useApi's reload is new each render). */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Plans are approved in the mail client, in another tab: catch up when the user comes back. */
export function useReloadOnReturn(reload: () => Promise<void>) {
  const reloadRef = useLatest(reload);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reloadRef.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reloadRef]);
}

/** Calls `reload` whenever `key` changes after the first render (the first load is the caller's own). */
export function useReloadOnChange(key: string, reload: () => void) {
  const reloadRef = useLatest(reload);
  const loadedAt = useRef(key);
  useEffect(() => {
    if (loadedAt.current === key) return;
    loadedAt.current = key;
    reloadRef.current();
  }, [key, reloadRef]);
}
