import { useEffect, useRef, useState } from 'react';
import type { AssetResponse } from '../api/types';
import { downloadAsset } from './asset-files';
import { assetMarkdown } from './asset-markdown';

const COPIED_FOR_MS = 2_000;

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
  const [copied, setCopied] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string>();
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  function copy() {
    setError(undefined);
    navigator.clipboard.writeText(assetMarkdown(asset)).then(
      () => {
        setCopied(true);
        clearTimeout(copiedTimer.current);
        copiedTimer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
      },
      () => setError('Copying was refused by the browser.'),
    );
  }

  function download() {
    setError(undefined);
    setDownloading(true);
    downloadAsset(asset)
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : 'The download failed.'))
      .finally(() => setDownloading(false));
  }

  return { copy, copied, download, downloading, error };
}
