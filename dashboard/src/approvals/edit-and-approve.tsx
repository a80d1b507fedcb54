import { useState } from 'react';
import { ASSET_EDIT_MAX_LENGTH, TEXT_ASSET_TYPES } from '../../../src/assets/asset-types.js';
import type { Schema } from '../api/client';
import { getAsset } from '../assets/api';
import { ErrorMessage } from '../components/error-message';

/** A person's decision on a step awaiting approval, as both the inbox and the run page send it. */
export type StepDecision = { action: 'approve'; edits?: Schema<'AssetEditDto'>[] } | { action: 'reject'; note?: string };

type MadeAsset = Schema<'MadeAssetResponse'>;

export interface AssetEditing {
  /** The first text asset the step made, as the link's confirmation page offers it: what an approver may edit. */
  editable: MadeAsset | undefined;
  /** The text being edited; undefined while closed. */
  draft: Schema<'AssetEditDto'> | undefined;
  setDraft: (draft: Schema<'AssetEditDto'> | undefined) => void;
  /** Opens the editor with the asset's current text, or closes it. */
  toggle: () => Promise<void>;
  error: Error | undefined;
}

/** The state of editing what a step made before approving it; `onOpen` closes what the editor replaces (a rejection form). */
export function useAssetEditing(made: readonly MadeAsset[], onOpen: () => void): AssetEditing {
  const [draft, setDraft] = useState<Schema<'AssetEditDto'>>();
  const [error, setError] = useState<Error>();
  const editable = made.find((asset) => TEXT_ASSET_TYPES.some((type) => type === asset.type));

  async function toggle() {
    if (draft || !editable) {
      setDraft(undefined);
      return;
    }
    setError(undefined);
    try {
      setDraft({ assetId: editable.id, content: (await getAsset(editable.id)).content });
      onOpen();
    } catch (failure) {
      setError(failure as Error);
    }
  }

  return { editable, draft, setDraft, toggle, error };
}

/** The button that opens the editor; nothing when the step made no text asset. */
export function EditAndApproveButton({ editing, busy }: { editing: AssetEditing; busy: boolean }) {
  if (!editing.editable) return null;
  return (
    <button type="button" aria-expanded={Boolean(editing.draft)} onClick={() => void editing.toggle()} disabled={busy}>
      Edit and approve
    </button>
  );
}

/** The editor: approving sends the text as an edit, stored as the asset's new version that later steps work from. */
export function EditAndApproveForm({ editing, busy, onApprove }: { editing: AssetEditing; busy: boolean; onApprove: (decision: StepDecision) => void }) {
  const { editable, draft, setDraft } = editing;
  return (
    <>
      <ErrorMessage error={editing.error} />
      {draft && editable && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            onApprove({ action: 'approve', edits: [draft] });
          }}
        >
          <label>
            Text of the {editable.type.replace(/_/g, ' ')} “{editable.title}”
            <textarea value={draft.content} onChange={(event) => setDraft({ ...draft, content: event.target.value })} maxLength={ASSET_EDIT_MAX_LENGTH} rows={10} autoFocus />
          </label>
          <p className="muted workflow-hint">Approving stores your text as a new version of the asset; later steps work from it.</p>
          <div className="row">
            <button type="submit" disabled={busy}>
              Approve with edits
            </button>
            <button type="button" className="link-button" onClick={() => setDraft(undefined)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </>
  );
}
