import type { AssetResponse } from '../api/types';
import { Markdown } from './markdown';

const TYPE_LABELS: Record<AssetResponse['type'], string> = {
  social_post: 'Social post',
  post_outline: 'Post outline',
  image: 'Image',
  reel_script: 'Reel script',
  script: 'Script',
  thumbnail: 'Thumbnail concepts',
  receipt: 'Receipt',
  legal_analysis: 'Legal analysis',
};

export function assetTypeLabel(type: AssetResponse['type']): string {
  return TYPE_LABELS[type];
}

/** One asset: an image as an image, everything else as its Markdown. */
export function AssetCard({ asset }: { asset: AssetResponse }) {
  return (
    <article className="asset-card" aria-label={`${assetTypeLabel(asset.type)}: ${asset.title}`} data-asset-type={asset.type}>
      <header>
        <span className="badge">{assetTypeLabel(asset.type)}</span>
        <h3>{asset.title}</h3>
      </header>
      {asset.type === 'image' ? (
        <img src={asset.content} alt={typeof asset.metadata.prompt === 'string' ? asset.metadata.prompt : asset.title} loading="lazy" />
      ) : (
        <Markdown text={asset.content} />
      )}
      <footer>
        <time dateTime={asset.createdAt}>{new Date(asset.createdAt).toLocaleString()}</time>
        {asset.runId !== null && <span> · run {asset.runId}</span>}
      </footer>
    </article>
  );
}
