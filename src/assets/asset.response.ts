import type { AssetType } from './asset-types.js';

/** SPEC §2 Asset. */
export interface AssetResponse {
  id: number;
  teamId: string;
  conversationId: string | null;
  runId: number | null;
  type: AssetType;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
  createdAt: string;
}
