import type { AssetResponse } from '../api/types';
import { Markdown } from '../components/markdown';
import { withoutTitleLine } from './asset-markdown';
import { LegalAnalysisContent } from './legal-analysis-content';

/**
 * What the asset holds, laid out for its type: an image as the image, a receipt's tables with
 * right-aligned amounts and its total set apart, a legal analysis as sections, the rest as Markdown.
 * `viewer` is the full reading view; in a card the headings sit one level lower. Both show the
 * title above the content, so the content's own title line is left out.
 */
export function AssetContent({ asset, viewer = false }: { asset: AssetResponse; viewer?: boolean }) {
  if (asset.type === 'image') return <img className="asset-image" src={asset.content} alt={imageDescription(asset)} loading={viewer ? 'eager' : 'lazy'} />;
  const text = withoutTitleLine(asset.content);
  switch (asset.type) {
    case 'receipt':
      return (
        <div className="receipt-content">
          <Markdown text={text} />
        </div>
      );
    case 'legal_analysis':
      return <LegalAnalysisContent content={text} headingLevel={viewer ? 3 : 4} />;
    default:
      return <Markdown text={text} />;
  }
}

function imageDescription(asset: AssetResponse): string {
  return typeof asset.metadata.prompt === 'string' ? asset.metadata.prompt : asset.title;
}
