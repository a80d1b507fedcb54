import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BudgetService } from '../../src/usage/budget.service.js';

/** A real provider's model id, as the ledger records it (the fake OpenAI-compatible server's in tests). */
export const REAL_MODEL_ID = 'openai:gpt-test';

/**
 * Usage of the team this month on a real provider's model, as the ledger writes it: what a test
 * needs to use a budget up, since the offline model's calls spend none
 * (docs/decisions/offline-model-outside-budgets.md). The app's budget reads it at once, as it reads
 * another instance's usage within seconds.
 */
export async function spendOnRealModel(app: INestApplication, user: { teamId: string; userId: string }, tokens: number): Promise<void> {
  await app
    .get(DataSource)
    .query(`INSERT INTO usage_records (team_id, user_id, kind, model_id, input_tokens, output_tokens, images, created_at) VALUES ($1, $2, 'chat', $3, $4, 0, 0, now())`, [
      user.teamId,
      user.userId,
      REAL_MODEL_ID,
      tokens,
    ]);
  await app.get(BudgetService).refusal(user.teamId, true);
}
