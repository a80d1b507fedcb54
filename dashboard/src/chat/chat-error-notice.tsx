import { useEffect, useState } from 'react';
import { ChatRequestError } from './chat-request-error';

/**
 * Why the last message failed, beside the composer: a 429 with the time left before sending
 * again, counting down; any other refusal with the API's own message; an unreachable server.
 */
export function ChatErrorNotice({ error, onDismiss }: { error: Error | undefined; onDismiss: () => void }) {
  if (!error) return null;
  const retryAt = error instanceof ChatRequestError && error.status === 429 ? error.retryAt : undefined;
  return (
    <div role="alert" className="chat-error">
      <p>
        {error instanceof ChatRequestError ? error.message : `The reply failed: ${error.message}`}
        {retryAt !== undefined && (
          <>
            {' '}
            <RetryCountdown key={retryAt} until={retryAt} />
          </>
        )}
      </p>
      <button type="button" className="link-button" aria-label="Dismiss error" onClick={onDismiss}>
        ✕
      </button>
    </div>
  );
}

function RetryCountdown({ until }: { until: number }) {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    const timer = window.setInterval(() => {
      const now = secondsUntil(until);
      setLeft(now);
      if (now === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return <strong>{left > 0 ? `You can send again in ${left} s.` : 'You can send again now.'}</strong>;
}

function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}
