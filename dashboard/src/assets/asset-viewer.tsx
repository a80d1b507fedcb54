import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import type { AssetResponse } from '../api/types';
import { AssetActions } from './asset-actions';
import { AssetContent } from './asset-content';
import { assetTypeLabel } from './asset-labels';

/**
 * The asset full size in a modal dialog. The native <dialog> keeps focus inside while open,
 * closes on Escape and gives focus back to the button that opened it. It is rendered at the end
 * of the body so the styles of the card (or page) that opened it do not reach into it.
 */
export function AssetViewer({ asset, onClose }: { asset: AssetResponse; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    // The dialog's own box is only its backdrop edge: its content fills it.
    if (event.target === dialog.current) dialog.current.close();
  }

  return createPortal(
    // A click on the backdrop closes too, beside Escape and the Close button.
    <dialog ref={dialog} className="asset-viewer" aria-labelledby={titleId} onClose={onClose} onClick={closeOnBackdrop}>
      <div className="asset-viewer-frame">
        <header className="asset-viewer-header">
          <div>
            <span className="badge">{assetTypeLabel(asset.type)}</span>
            <h2 id={titleId}>{asset.title}</h2>
          </div>
          <button type="button" className="asset-button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </header>
        <AssetActions asset={asset} describedBy={titleId} />
        <div className="asset-viewer-body">
          <AssetContent asset={asset} viewer />
        </div>
        <footer className="muted">
          Created <time dateTime={asset.createdAt}>{new Date(asset.createdAt).toLocaleString()}</time>
        </footer>
      </div>
    </dialog>,
    document.body,
  );
}
