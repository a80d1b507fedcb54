import { client, send } from '../api/client';
import type { paths } from '../api/schema';

// The assets page's calls.

export type AssetQuery = NonNullable<paths['/api/assets']['get']['parameters']['query']>;

export const listAssets = (query: AssetQuery) => send(client.GET('/api/assets', { params: { query } }));

export const getAsset = (id: number) => send(client.GET('/api/assets/{id}', { params: { path: { id } } }));
