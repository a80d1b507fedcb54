import { useState } from 'react';
import { ApiError } from '../api/client';
import { resendPlanApprovalMail } from './api';
import { ErrorMessage } from '../components/error-message';
import { useAction } from '../hooks/use-action';

/** Mails a fresh plan approval link for a draft (the earlier mail lost, expired or sent to someone away). */
export function ResendApprovalMail({ workflowId }: { workflowId: string }) {
  const [sentTo, setSentTo] = useState<string[]>();
  const mail = useAction();
  const resend = () => mail.run(async () => setSentTo((await resendPlanApprovalMail(workflowId)).sentTo));
  const tooSoon = mail.error instanceof ApiError && mail.error.status === 429;

  return (
    <div className="stack workflow-approval-mail">
      <div className="row workflow-inline">
        <button type="button" onClick={() => void resend()} disabled={mail.busy}>
          Resend approval email
        </button>
      </div>
      <p role="status" className="muted workflow-hint">
        {sentTo && `A new approval email was sent to ${sentTo.join(', ')}.`}
      </p>
      <ErrorMessage error={tooSoon ? new Error(`Not sent: ${mail.error?.message}`) : mail.error} />
    </div>
  );
}
