import { type RefObject, useEffect, useState } from 'react';

/** Whether the element's content is taller than the element (a clamped preview), kept current as either resizes. */
export function useOverflowing(element: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => setOverflowing(target.scrollHeight > target.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    // The content changes size without the box doing so (an image loading, say).
    for (const child of target.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return overflowing;
}
