import { useState } from 'react';
import { api, ApiError } from '../api/client';
import type { PlanApprovalMailResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';

/** Mails a fresh plan approval link for a draft (the earlier mail lost, expired or sent to someone away). */
export function ResendApprovalMail({ workflowPath }: { workflowPath: string }) {
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string[]>();
  const [error, setError] = useState<Error>();

  async function resend() {
    setBusy(true);
    setError(undefined);
    try {
      const sent = await api<PlanApprovalMailResponse>('POST', `${workflowPath}/approval-mail`);
      setSentTo(sent.sentTo);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 429 ? new Error(`Not sent: ${failure.message}`) : (failure as Error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack workflow-approval-mail">
      <div className="row workflow-inline">
        <button type="button" onClick={() => void resend()} disabled={busy}>
          Resend approval email
        </button>
      </div>
      <p role="status" className="muted workflow-hint">
        {sentTo && `A new approval email was sent to ${sentTo.join(', ')}.`}
      </p>
      <ErrorMessage error={error} />
    </div>
  );
}
