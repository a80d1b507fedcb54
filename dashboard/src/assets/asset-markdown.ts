import type { AssetResponse } from '../api/types';

/**
 * The asset as Markdown, as it is copied and downloaded. Every tool but the image tool writes
 * Markdown already (receipts as tables, legal analyses as headed sections); an image is its link.
 */
export function assetMarkdown(asset: AssetResponse): string {
  if (asset.type !== 'image') return asset.content;
  const alt = asset.title.replace(/[[\]\\]/g, '\\$&');
  return `![${alt}](${imageUrl(asset).replace(/[()]/g, (bracket) => encodeURIComponent(bracket))})`;
}

/** The image's absolute address: stored links are absolute, but a relative one still copies usefully. */
export function imageUrl(asset: AssetResponse): string {
  return new URL(asset.content, window.location.href).href;
}

/** "Receipt — Cafe Lumière: EUR 9.50" → "receipt-cafe-lumiere-eur-9-50.md"; the type when nothing is left. */
export function assetFileName(asset: AssetResponse, extension: 'md' | 'png'): string {
  const slug = asset.title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || asset.type.replace(/_/g, '-')}.${extension}`;
}

/**
 * The Markdown as a card or the viewer shows it: without the `# ` heading it opens with. The
 * tools start each asset with such a title line (the outline's title, "Reel: …", the merchant,
 * "Legal analysis: …"), and the card's and viewer's header shows the title already. Copy and
 * download keep it.
 */
export function withoutTitleLine(markdown: string): string {
  return markdown.replace(/^\s*# [^\n]*(?:\n|$)\s*/, '');
}
