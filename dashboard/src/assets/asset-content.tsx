import type { AssetResponse } from '../api/types';
import { Markdown } from '../components/markdown';
import { LegalAnalysisContent } from './legal-analysis-content';

/**
 * What the asset holds, laid out for its type: an image as the image, a receipt's tables with
 * right-aligned amounts and its total set apart, a legal analysis as sections, the rest as Markdown.
 * `viewer` is the full reading view; in a card the headings sit one level lower.
 */
export function AssetContent({ asset, viewer = false }: { asset: AssetResponse; viewer?: boolean }) {
  switch (asset.type) {
    case 'image':
      return <img className="asset-image" src={asset.content} alt={imageDescription(asset)} loading={viewer ? 'eager' : 'lazy'} />;
    case 'receipt':
      return (
        <div className="receipt-content">
          <Markdown text={asset.content} />
        </div>
      );
    case 'legal_analysis':
      return <LegalAnalysisContent content={asset.content} headingLevel={viewer ? 3 : 4} />;
    default:
      return <Markdown text={asset.content} />;
  }
}

function imageDescription(asset: AssetResponse): string {
  return typeof asset.metadata.prompt === 'string' ? asset.metadata.prompt : asset.title;
}
