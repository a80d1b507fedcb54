// Where the gallery and an asset's own page live (under the router's /dashboard base).

const withSearch = (path: string, search: string) => (search ? `${path}?${search}` : path);

/** The gallery, filtered by the URL query `search` (without `?`). */
export const galleryPath = (search = '') => withSearch('/assets', search);

/** An asset's own page: the gallery with the asset's viewer open over it, filtered as it was. */
export const assetPath = (id: number | string, search = '') => withSearch(`/assets/${id}`, search);

/**
 * The history state of a viewer the gallery opened: its entry follows the gallery's, so closing
 * the viewer goes back to it. A pasted link or a card elsewhere has no gallery entry behind it.
 */
const OPENED_FROM_GALLERY = 'assets-gallery';
export const openedFromGalleryState = { openedFrom: OPENED_FROM_GALLERY };

export function openedFromGallery(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && (state as { openedFrom?: unknown }).openedFrom === OPENED_FROM_GALLERY;
}
