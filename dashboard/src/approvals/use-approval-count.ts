import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useCan } from '../session/session';
import { listInbox } from './api';

/** Sent after a decision on the inbox page, so the navigation's count follows at once. */
export const APPROVALS_CHANGED = 'approvals-changed';

/** How many approvals wait for the caller, for the navigation: read on each page change and after a decision; null when the role decides none. */
export function useApprovalCount(): number | null {
  const can = useCan();
  const allowed = can('workflow.approve');
  const [location] = useLocation();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let cancelled = false;
    const load = () =>
      void listInbox()
        .then((items) => !cancelled && setCount(items.length))
        // The count is a hint: a failure leaves the last one, and the page itself shows errors.
        .catch(() => undefined);
    load();
    window.addEventListener(APPROVALS_CHANGED, load);
    return () => {
      cancelled = true;
      window.removeEventListener(APPROVALS_CHANGED, load);
    };
  }, [allowed, location]);
  return allowed ? count : null;
}
