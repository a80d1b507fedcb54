import { ApiError } from '../api/client';
import type { AssetResponse } from '../api/types';
import { useApi } from '../api/use-api';
import { getAsset } from './api';
import { AssetLoadFailed, AssetNotFound, AssetViewer } from './asset-viewer';

/** The largest id the API takes (a Postgres integer); a longer one names no asset. */
const MAX_ASSET_ID = 2 ** 31 - 1;

function assetIdOf(segment: string): number | undefined {
  const id = /^\d{1,10}$/.test(segment) ? Number(segment) : 0;
  return id >= 1 && id <= MAX_ASSET_ID ? id : undefined;
}

interface LinkedAssetViewerProps {
  /** The URL's segment, as typed or pasted. */
  id: string;
  /** The gallery's page: an asset opened from it shows at once. */
  listed: AssetResponse[] | undefined;
  onClose: () => void;
}

/**
 * The viewer of the asset a URL names (`/assets/:assetId`): the gallery's copy when it lists it,
 * else the API's. An asset the caller may not see is a 404 there, shown as "not found".
 */
export function LinkedAssetViewer({ id, listed, onClose }: LinkedAssetViewerProps) {
  const assetId = assetIdOf(id);
  const shown = listed?.find((asset) => asset.id === assetId);
  const fetched = useApi(assetId === undefined || shown ? null : () => getAsset(assetId), [assetId, shown === undefined]);
  const asset = shown ?? fetched.data;
  if (asset) return <AssetViewer asset={asset} onClose={onClose} />;
  if (assetId === undefined || (fetched.error instanceof ApiError && fetched.error.status === 404)) return <AssetNotFound onClose={onClose} />;
  if (fetched.error) return <AssetLoadFailed error={fetched.error} onClose={onClose} />;
  return null;
}
