/** The eight asset types of SPEC §2, each produced by one tool. */
export const ASSET_TYPES = [
  'social_post',
  'post_outline',
  'image',
  'reel_script',
  'script',
  'thumbnail',
  'receipt',
  'legal_analysis',
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** SPEC §8: asset titles are cut to this length. */
export const ASSET_TITLE_MAX_LENGTH = 100;
