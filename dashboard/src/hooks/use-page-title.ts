import { useEffect } from 'react';

/** Names the page in the browser tab and history: "Workflows · Assistant". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Assistant` : 'Assistant';
  }, [title]);
}
