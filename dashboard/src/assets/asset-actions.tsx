import type { MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { AssetResponse } from '../api/types';
import { useAssetActions } from './use-asset-actions';
import { useRunWorkflowId } from './use-run-workflow';

interface AssetActionsProps {
  asset: AssetResponse;
  /** The id of the element naming the asset: every card has the same buttons, this tells them apart. */
  describedBy: string;
  /** Shown on cards, not in the viewer itself. */
  open?: OpenLink;
}

/**
 * Open: a link to the asset's own page (a new tab, a copied link). A card may show the viewer in
 * place instead on a plain click: `onClick` then prevents the navigation.
 */
export interface OpenLink {
  href: string;
  /** The history state the navigation leaves (see openedFromGalleryState). */
  state?: unknown;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Open, copy as Markdown, download, and the way back to where the asset was made. */
export function AssetActions({ asset, describedBy, open }: AssetActionsProps) {
  const actions = useAssetActions(asset);
  return (
    <div className="asset-actions">
      <div className="asset-action-buttons" role="group" aria-label="Asset actions">
        {open && (
          <Link href={open.href} state={open.state} onClick={open.onClick} className="asset-button" aria-haspopup="dialog" aria-describedby={describedBy}>
            Open
          </Link>
        )}
        <button type="button" className="asset-button" onClick={actions.copy} aria-describedby={describedBy}>
          {actions.copied ? 'Copied' : 'Copy as Markdown'}
        </button>
        <button type="button" className="asset-button" onClick={actions.download} disabled={actions.downloading} aria-describedby={describedBy}>
          {actions.downloading ? 'Downloading…' : 'Download'}
        </button>
        <AssetOrigin asset={asset} />
      </div>
      <p className="error" role="status">
        {actions.error}
      </p>
    </div>
  );
}

/** A link to the run or conversation that made the asset, unless the page is that one already. */
function AssetOrigin({ asset }: { asset: AssetResponse }) {
  const [location] = useLocation();
  const workflowId = useRunWorkflowId(asset);
  if (asset.runId !== null) {
    const label = `run #${asset.runId}`;
    if (workflowId === undefined) return <span className="muted">From {label}</span>;
    const workflowPath = `/workflows/${workflowId}`;
    if (location === workflowPath) return null;
    return <Link href={`${workflowPath}#run-${asset.runId}`}>Go to {label}</Link>;
  }
  if (asset.conversationId === null) return null;
  const chatPath = `/chat/${asset.conversationId}`;
  return location === chatPath ? null : <Link href={chatPath}>Go to conversation</Link>;
}
