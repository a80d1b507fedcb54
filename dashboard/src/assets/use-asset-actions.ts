import { useState } from 'react';
import type { AssetResponse } from '../api/types';
import { useClipboard } from '../hooks/use-clipboard';
import { downloadAsset } from './asset-files';
import { assetMarkdown } from './asset-markdown';

export interface AssetActions {
  copy: () => void;
  /** True for a moment after a successful copy, to say "Copied". */
  copied: boolean;
  download: () => void;
  downloading: boolean;
  error: string | undefined;
}

/** Copy as Markdown and download, with their feedback. */
export function useAssetActions(asset: AssetResponse): AssetActions {
  const clipboard = useClipboard();
  const [downloading, setDownloading] = useState(false);

  function download() {
    clipboard.setError(undefined);
    setDownloading(true);
    downloadAsset(asset)
      .catch((failure: unknown) => clipboard.setError(failure instanceof Error ? failure.message : 'The download failed.'))
      .finally(() => setDownloading(false));
  }

  return { copy: () => clipboard.copy(assetMarkdown(asset)), copied: clipboard.copied, download, downloading, error: clipboard.error };
}
