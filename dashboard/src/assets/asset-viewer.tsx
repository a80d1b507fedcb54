import { type MouseEvent, type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { AssetResponse } from '../api/types';
import { AssetActions } from './asset-actions';
import { AssetContent } from './asset-content';
import { assetTypeLabel } from './asset-labels';

/** The asset full size in a modal dialog, with its actions. */
export function AssetViewer({ asset, onClose }: { asset: AssetResponse; onClose: () => void }) {
  const titleId = useId();
  return (
    <ViewerDialog titleId={titleId} badge={assetTypeLabel(asset.type)} title={asset.title} onClose={onClose}>
      <AssetActions asset={asset} describedBy={titleId} />
      <div className="asset-viewer-body">
        <AssetContent asset={asset} viewer />
      </div>
      <footer className="muted">
        Created <time dateTime={asset.createdAt}>{new Date(asset.createdAt).toLocaleString()}</time>
      </footer>
    </ViewerDialog>
  );
}

/**
 * The viewer of an asset the caller may not see: another team's, another member's private one, a
 * deleted one, an id that is none. The API answers 404 alike, so nothing tells them apart.
 */
export function AssetNotFound({ onClose }: { onClose: () => void }) {
  return (
    <ViewerDialog titleId={useId()} title="Asset not found" onClose={onClose}>
      <p>This asset does not exist, or it is not yours to see: it may belong to another team, be another member's private asset, or have been deleted.</p>
    </ViewerDialog>
  );
}

/** The viewer of an asset that could not be loaded for another reason (the network, the service). */
export function AssetLoadFailed({ error, onClose }: { error: Error; onClose: () => void }) {
  return (
    <ViewerDialog titleId={useId()} title="The asset could not be opened" onClose={onClose}>
      <p role="alert" className="error">
        {error.message}
      </p>
    </ViewerDialog>
  );
}

interface ViewerDialogProps {
  titleId: string;
  title: string;
  badge?: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog. The native <dialog> keeps focus inside while open, closes on Escape and gives
 * focus back to the element that opened it. It is rendered at the end of the body so the styles
 * of the card (or page) that opened it do not reach into it.
 */
function ViewerDialog({ titleId, title, badge, onClose, children }: ViewerDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const removed = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    removed.current = false;
    if (element && !element.open) element.showModal();
    return () => {
      // Taken away open (Back over a viewer at its own URL): closing first gives focus back too.
      removed.current = true;
      element?.close();
    };
  }, []);

  function closed(event: SyntheticEvent<HTMLDialogElement>) {
    // Not a close that the removal above made, nor one left over from a dialog shown again since.
    if (!removed.current && !event.currentTarget.open) onClose();
  }

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    // The dialog's own box is only its backdrop edge: its content fills it.
    if (event.target === dialog.current) dialog.current.close();
  }

  return createPortal(
    // A click on the backdrop closes too, beside Escape and the Close button.
    <dialog ref={dialog} className="asset-viewer" aria-labelledby={titleId} onClose={closed} onClick={closeOnBackdrop}>
      <div className="asset-viewer-frame">
        <header className="asset-viewer-header">
          <div>
            {badge && <span className="badge">{badge}</span>}
            <h2 id={titleId}>{title}</h2>
          </div>
          <button type="button" className="asset-button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </header>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
