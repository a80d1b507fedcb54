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

/** The types whose content is text an approver may edit (an image is a file, a receipt is the system's record). */
export const TEXT_ASSET_TYPES: readonly AssetType[] = ['social_post', 'post_outline', 'reel_script', 'script', 'thumbnail', 'legal_analysis'];

/** Longest text an approver's edit may give an asset: well within the default request body limit (64 kB). */
export const ASSET_EDIT_MAX_LENGTH = 20_000;
