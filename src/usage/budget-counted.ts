import { OFFLINE_MODEL_ID } from '../llm/model-registry.service.js';

/**
 * The model whose calls count against no budget: the built-in offline model is a free demo that
 * runs in the process and costs nothing, so its calls are recorded in the ledger (and shown) but
 * never spend the team's tokens (docs/decisions/offline-model-outside-budgets.md).
 */
export const BUDGET_EXEMPT_MODEL_ID = OFFLINE_MODEL_ID;

/** The tokens of a call that count against its team's budget. */
export function budgetTokensOf(usage: { modelId: string; inputTokens: number; outputTokens: number }): number {
  return usage.modelId === BUDGET_EXEMPT_MODEL_ID ? 0 : usage.inputTokens + usage.outputTokens;
}
