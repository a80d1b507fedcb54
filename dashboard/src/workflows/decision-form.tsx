import { type FormEvent, useId, useState } from 'react';
import { NOTE_MAX_LENGTH } from '../../../src/approvals/approval-limits.js';
import type { WorkflowRunResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { listInbox } from '../approvals/api';
import { EditAndApproveButton, EditAndApproveForm, type StepDecision, useAssetEditing } from '../approvals/edit-and-approve';

interface DecisionFormProps {
  run: WorkflowRunResponse;
  stepDescription: string | undefined;
  busy: boolean;
  onDecide: (decision: StepDecision) => Promise<void>;
}

/** Approve (as it is, or with its text edited) or reject the step a run waits on, as the approval email's links do. */
export function DecisionForm({ run, stepDescription, busy, onDecide }: DecisionFormProps) {
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const ids = useId();
  // What the awaiting attempt made, as the caller's inbox lists it (the server's word on what may be edited).
  const inbox = useApi(listInbox, [run.id, run.currentStepIndex]);
  const waiting = inbox.data?.find((item) => item.kind === 'step' && item.runId === run.id && item.stepIndex === run.currentStepIndex);
  const editing = useAssetEditing(waiting?.kind === 'step' ? waiting.made : [], () => setRejecting(false));

  function sendRejection(event: FormEvent) {
    event.preventDefault();
    void onDecide({ action: 'reject', note: note.trim() || undefined });
  }

  return (
    <div className="stack workflow-decision" role="group" aria-labelledby={`${ids}-title`}>
      <p id={`${ids}-title`}>
        <strong>Step {run.currentStepIndex + 1} is waiting for your approval</strong>
        {stepDescription && <>: {stepDescription}</>}
      </p>
      <p className="muted workflow-hint">
        Its output is in the run's conversation. Approve to go on with the next step (after editing its text, if you like), or reject to have the agent do it again.
      </p>
      <div className="row">
        <button type="button" onClick={() => void onDecide({ action: 'approve' })} disabled={busy}>
          Approve
        </button>
        <EditAndApproveButton editing={editing} busy={busy} />
        <button
          type="button"
          className="danger"
          aria-expanded={rejecting}
          onClick={() => {
            setRejecting((open) => !open);
            editing.setDraft(undefined);
          }}
          disabled={busy}
        >
          Reject
        </button>
      </div>
      <EditAndApproveForm editing={editing} busy={busy} onApprove={(decision) => void onDecide(decision)} />
      {rejecting && (
        <form className="stack" onSubmit={sendRejection}>
          <label>
            Note for the agent (optional)
            <textarea
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={NOTE_MAX_LENGTH}
              rows={3}
              autoFocus
              aria-describedby={`${ids}-count`}
            />
          </label>
          <span id={`${ids}-count`} className="muted workflow-hint">
            {note.length} / {NOTE_MAX_LENGTH} characters
          </span>
          <div className="row">
            <button type="submit" disabled={busy}>
              Send rejection
            </button>
            <button type="button" className="link-button" onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
