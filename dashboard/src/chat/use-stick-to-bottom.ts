import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How close to the end still counts as "at the end": a rounding pixel or a last line's margin. */
const AT_END_PX = 24;

export interface StickToBottom {
  /** The scrolling element. */
  scroller: RefObject<HTMLDivElement | null>;
  /** Its content: whatever changes its size (a streamed word, an image loading) is followed. */
  content: RefObject<HTMLDivElement | null>;
  /** False once the reader scrolled up, away from the newest text. */
  following: boolean;
  /** Follows the newest text again, scrolling there now. */
  jumpToLatest: (behavior?: ScrollBehavior) => void;
}

/**
 * Keeps a scrolling list at its end while its content grows (a reply streaming in), until the
 * reader scrolls up; then the view stays where they put it, until they scroll back to the end or
 * jump there. While `empty` (nothing to follow yet: a hint and suggestions) the list stays at its
 * top, so what it offers is read from its start.
 */
export function useStickToBottom(empty = false): StickToBottom {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);
  const emptyRef = useRef(empty);
  const lastScrollTop = useRef(0);

  const follow = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowing(value);
  }, []);

  const jumpToLatest = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      follow(true);
      const element = scroller.current;
      element?.scrollTo({ top: element.scrollHeight, behavior });
    },
    [follow],
  );

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX;
      // Only a move up is the reader's: content growing under a followed view never scrolls it up.
      if (atEnd) follow(true);
      else if (element.scrollTop < lastScrollTop.current - 1) follow(false);
      lastScrollTop.current = element.scrollTop;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [follow]);

  // Before the first paint, so a loaded conversation opens at its end.
  useLayoutEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner) return;
    const keepAtEnd = () => {
      if (followingRef.current && !emptyRef.current) element.scrollTop = element.scrollHeight;
    };
    keepAtEnd();
    const observer = new ResizeObserver(keepAtEnd);
    observer.observe(inner);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A new chat opened from a long one starts at its top too.
  useLayoutEffect(() => {
    emptyRef.current = empty;
    if (empty) scroller.current?.scrollTo({ top: 0 });
  }, [empty]);

  return { scroller, content, following, jumpToLatest };
}
