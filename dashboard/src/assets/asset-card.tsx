import { useId, useRef, useState } from 'react';
import type { AssetResponse } from '../api/types';
import { AssetActions, type OpenLink } from './asset-actions';
import { AssetContent } from './asset-content';
import { assetTypeLabel } from './asset-labels';
import { assetPath } from './asset-paths';
import { AssetViewer } from './asset-viewer';
import { useOverflowing } from './use-overflowing';
import './assets.css';

/**
 * One asset as a card (in the chat, the gallery and on runs), with its actions and a full-size
 * viewer. Open links to the asset's own URL: the gallery gives `open` to show the viewer there;
 * elsewhere a plain click shows it in place, over the chat or run the reader stays in.
 */
export function AssetCard({ asset, open }: { asset: AssetResponse; open?: OpenLink }) {
  const [viewing, setViewing] = useState(false);
  const openInPlace: OpenLink = {
    href: assetPath(asset.id),
    onClick: (event) => {
      event.preventDefault();
      setViewing(true);
    },
  };
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  // Where the page clamps the card (the gallery), a fade says there is more to open.
  const clamped = useOverflowing(body);
  return (
    <article className="asset-card" aria-label={`${assetTypeLabel(asset.type)}: ${asset.title}`} data-asset-type={asset.type}>
      <header>
        <span className="badge">{assetTypeLabel(asset.type)}</span>
        <h3 id={titleId}>{asset.title}</h3>
      </header>
      <div className="asset-card-body" ref={body} data-overflowing={clamped || undefined}>
        <AssetContent asset={asset} />
      </div>
      <footer>
        <time dateTime={asset.createdAt}>{new Date(asset.createdAt).toLocaleString()}</time>
        <AssetActions asset={asset} describedBy={titleId} open={open ?? openInPlace} />
      </footer>
      {viewing && <AssetViewer asset={asset} onClose={() => setViewing(false)} />}
    </article>
  );
}
