import { useEffect, useRef, useState } from 'react';

const COPIED_FOR_MS = 2_000;

/** Copies text to the clipboard; `copied` is true for a moment after it worked, to say "Copied". */
export function useClipboard() {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string>();
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  function copy(text: string) {
    setError(undefined);
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true);
        clearTimeout(copiedTimer.current);
        copiedTimer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
      },
      () => setError('Copying was refused by the browser.'),
    );
  }

  return { copy, copied, error, setError };
}
