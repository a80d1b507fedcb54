import type { AssetResponse } from '../api/types';
import { assetFileName, assetMarkdown, imageUrl } from './asset-markdown';

/** Saves the asset: text types as a Markdown file, an image as a PNG (converted in the browser when stored as JPEG, WebP...). */
export async function downloadAsset(asset: AssetResponse): Promise<void> {
  if (asset.type !== 'image') {
    saveBlob(new Blob([assetMarkdown(asset)], { type: 'text/markdown;charset=utf-8' }), assetFileName(asset, 'md'));
    return;
  }
  const response = await fetch(imageUrl(asset));
  if (!response.ok) throw new Error(`The image could not be loaded (${response.status}).`);
  const image = await response.blob();
  saveBlob(image.type === 'image/png' ? image : await toPng(image), assetFileName(asset, 'png'));
}

/** Draws the image on a canvas and exports it as PNG. */
async function toPng(image: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(image);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot convert the image to PNG.');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) => {
    canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('The image could not be converted to PNG.'))), 'image/png');
  });
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click returns; a minute is ample before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
