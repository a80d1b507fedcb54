import type { INestApplication } from '@nestjs/common';
import type { TeamPlanResponse } from '../../../src/teams/teams.response.js';
import { TeamsService } from '../../../src/teams/teams.service.js';
import type { TeamBudgetResponse } from '../../../src/usage/budget.response.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { joinTeam } from '../../helpers/teams.js';
import { signUp } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** Every limit overridden, with values no default has, so a value read from anywhere else shows. */
const ENV = {
  RATE_LIMIT_FREE: '37',
  RATE_LIMIT_PRO: '137',
  RATE_LIMIT_WINDOW_SECONDS: '45',
  WORKFLOW_PLANS_PER_HOUR_FREE: '7',
  WORKFLOW_PLANS_PER_HOUR_PRO: '77',
  RUN_STARTS_PER_HOUR_FREE: '11',
  RUN_STARTS_PER_HOUR_PRO: '111',
  MIN_SCHEDULE_INTERVAL_SECONDS_FREE: '900',
  MIN_SCHEDULE_INTERVAL_SECONDS_PRO: '90',
  RUN_CONCURRENCY_FREE: '3',
  RUN_CONCURRENCY_PRO: '5',
  MONTHLY_TOKENS_FREE: '123456',
  // 0: unlimited.
  MONTHLY_TOKENS_PRO: '0',
};

describe('team plan: GET /api/teams/:id/plan', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp({ env: { ...ENV, LOG_LEVEL: 'error' } });
    await resetDatabase(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const planOf = async (caller: { token: string }, teamId: string) =>
    (await api(app, caller).get(`/api/teams/${teamId}/plan`).expect(200)).body as TeamPlanResponse;

  it('gives the plan and its limits as configured, to any member of the team', async () => {
    const [owner, member] = [await signUp(app), await signUp(app)];
    await joinTeam(app, owner, owner.teamId, member);

    const expected: TeamPlanResponse = {
      plan: 'free',
      limits: {
        chatRequestsPerWindow: 37,
        chatWindowSeconds: 45,
        workflowPlansPerHour: 7,
        runStartsPerHour: 11,
        minScheduleIntervalSeconds: 900,
        concurrentRuns: 3,
        monthlyTokens: 123456,
      },
    };
    expect(await planOf(owner, owner.teamId)).toEqual(expected);
    expect(await planOf(member, owner.teamId)).toEqual(expected);
    // The same monthly tokens the budget applies.
    const budget = (await api(app, member).get(`/api/teams/${owner.teamId}/budget`).expect(200)).body as TeamBudgetResponse;
    expect(budget.planMonthlyTokens).toBe(expected.limits.monthlyTokens);
  });

  it("follows a change of the team's plan", async () => {
    const user = await signUp(app);
    await app.get(TeamsService).setPlan(user.teamId, 'pro');
    expect(await planOf(user, user.teamId)).toEqual({
      plan: 'pro',
      limits: {
        chatRequestsPerWindow: 137,
        chatWindowSeconds: 45,
        workflowPlansPerHour: 77,
        runStartsPerHour: 111,
        minScheduleIntervalSeconds: 90,
        concurrentRuns: 5,
        monthlyTokens: null,
      },
    });
  });

  it('answers 404 to a non-member, 400 for a malformed id and 401 without credentials', async () => {
    const [owner, stranger] = [await signUp(app), await signUp(app)];
    expectError(await api(app, stranger).get(`/api/teams/${owner.teamId}/plan`), 404, 'Team not found');
    expectError(await api(app, stranger).get('/api/teams/not-a-uuid/plan'), 400, /uuid is expected/);
    expectError(await api(app).get(`/api/teams/${owner.teamId}/plan`), 401);
  });
});
