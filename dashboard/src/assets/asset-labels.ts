import type { AssetType } from '../api/types';

const TYPE_LABELS: Record<AssetType, string> = {
  social_post: 'Social post',
  post_outline: 'Post outline',
  image: 'Image',
  reel_script: 'Reel script',
  script: 'Script',
  thumbnail: 'Thumbnail concepts',
  receipt: 'Receipt',
  legal_analysis: 'Legal analysis',
};

export function assetTypeLabel(type: AssetType): string {
  return TYPE_LABELS[type];
}
