/** A trigger token as listed: never its secret. */
export interface TriggerTokenResponse {
  id: string;
  workflowId: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A new trigger token: the secret is shown this once. */
export interface CreatedTriggerTokenResponse extends TriggerTokenResponse {
  token: string;
}
