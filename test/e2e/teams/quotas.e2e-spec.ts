import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScheduleTicksService } from '../../../src/schedules/schedule-ticks.service.js';
import { TeamsService } from '../../../src/teams/teams.service.js';
import { UsageLedger } from '../../../src/usage/usage-ledger.service.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitForRun } from '../../helpers/runs.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const QUOTAS = {
  RATE_LIMIT_FREE: '3',
  WORKFLOW_PLANS_PER_HOUR_FREE: '2',
  RUN_STARTS_PER_HOUR_FREE: '2',
  MIN_SCHEDULE_INTERVAL_SECONDS_FREE: '300',
  MIN_SCHEDULE_INTERVAL_SECONDS_PRO: '60',
  TEAMS_PER_USER: '2',
  LOG_LEVEL: 'error',
};
const GOAL = 'Write a LinkedIn post about our week';

/** Issue 18: every endpoint that calls a model or starts work has a quota of the team's plan, and a user gets no more by making teams. */
describe('plan quotas', () => {
  let app: INestApplication;
  let db: DataSource;

  beforeAll(async () => {
    app = await createTestApp({ env: QUOTAS });
    await resetDatabase(app);
    db = app.get(DataSource);
  });
  afterAll(() => app.close());

  const count = async (table: string, teamId: string) =>
    (await db.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM ${table} WHERE team_id = $1`, [teamId]))[0].count;

  async function activeWorkflow(user: TestUser, schedule?: string): Promise<string> {
    const { workflowId } = await createWorkflow(app, user, { goal: GOAL, schedule });
    await db.query(`UPDATE workflows SET status = 'active', approved_at = now() WHERE id = $1`, [workflowId]);
    return workflowId;
  }

  it('new workflows: the plan’s number per hour, then 429 with Retry-After; the refused one asks no model and stores nothing', async () => {
    const [user, other] = [await signUp(app), await signUp(app)];
    await createWorkflow(app, user, { goal: GOAL });
    await createWorkflow(app, user, { goal: GOAL });
    // The two plans' usage rows are written a second after their calls: now, before counting.
    await app.get(UsageLedger).flush();
    const [workflows, usage] = [await count('workflows', user.teamId), await count('usage_records', user.teamId)];

    const refused = await api(app, user).post('/api/workflows').send({ goal: GOAL });
    expectError(refused, 429, /^Your team's plan allows 2 new workflows per hour; retry in \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await count('workflows', user.teamId)).toBe(workflows);
    await app.get(UsageLedger).flush();
    expect(await count('usage_records', user.teamId)).toBe(usage);
    // Another team has its own quota.
    await createWorkflow(app, other, { goal: GOAL });
  });

  it('run starts: by hand and scheduled share one hourly count; a scheduled slot past it is skipped, saying so', async () => {
    const user = await signUp(app);
    const workflowId = await activeWorkflow(user, '0 9 * * *');
    const day = (offset: number) => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset, 9));
    };
    const first = (await api(app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
    await waitForRun(app, user, workflowId, first.runId, 'completed');
    // A scheduled start counts too.
    const scheduled = await app.get(ScheduleTicksService).decide(workflowId, day(1), 'timer');
    expect(scheduled).toMatchObject({ outcome: 'started', runId: expect.any(Number) });
    await waitForRun(app, user, workflowId, scheduled!.runId!, 'completed');

    const refused = await api(app, user).post(`/api/workflows/${workflowId}/run`);
    expectError(refused, 429, /^Your team's plan allows 2 run starts per hour; retry in \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const skipped = await app.get(ScheduleTicksService).decide(workflowId, day(2), 'timer');
    expect(skipped).toMatchObject({ outcome: 'skipped', runId: null, detail: "The team's plan allows 2 run starts per hour, and they are used up" });
    expect(await count('workflow_runs', user.teamId)).toBe(2);
  });

  it('the router: a user’s requests across all their teams count against one limit', async () => {
    const user = await signUp(app);
    const { id: second } = (await api(app, user).post('/api/teams').send({ name: 'Side project' }).expect(201)).body as { id: string };
    const ask = () => api(app, user).post('/api/assistant/router').send({ messages: [userMessage('Hello')] });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    await api(app, user).post(`/api/teams/${second}/activate`).expect(200);
    expect((await ask()).status).toBe(200);
    const refused = await ask();
    expectError(refused, 429, 'Rate limit of your plan exceeded for your account, across all your teams (3 requests per 60 s); retry later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('teams: a user owns at most the set number, also when asking for several at once', async () => {
    const user = await signUp(app);
    const attempts = await Promise.all(Array.from({ length: 5 }, (_, index) => api(app, user).post('/api/teams').send({ name: `Team ${index}` })));
    expect(attempts.map((response) => response.status).sort()).toEqual([201, 403, 403, 403, 403]);
    expectError(attempts.find((response) => response.status === 403)!, 403, 'You own 2 teams, the most a user may own; leave or hand one over first');
    const owned = await db.query<unknown[]>(`SELECT 1 FROM memberships WHERE user_id = $1 AND role = 'owner'`, [user.userId]);
    expect(owned).toHaveLength(2);
  });

  describe('the shortest schedule interval of the plan', () => {
    it.each([
      ['* * * * *', 'schedule runs as often as every 1 min; the free plan allows one run every 5 min at most'],
      ['*/30 * * * * *', 'schedule runs as often as every 30 s; the free plan allows one run every 5 min at most'],
      ['0,1 9 * * *', 'schedule runs as often as every 1 min; the free plan allows one run every 5 min at most'],
    ])('refuses %s at creation with 400, before asking the planner', async (schedule, message) => {
      const user = await signUp(app);
      expectError(await api(app, user).post('/api/workflows').send({ goal: GOAL, schedule }), 400, message);
      expect(await count('workflows', user.teamId)).toBe(0);
      await app.get(UsageLedger).flush();
      expect(await count('usage_records', user.teamId)).toBe(0);
    });

    it('refuses a change to a schedule more frequent than the plan allows, and allows it on a plan that does', async () => {
      const user = await signUp(app);
      const workflowId = await activeWorkflow(user, '*/5 * * * *');
      expectError(
        await api(app, user).patch(`/api/workflows/${workflowId}/schedule`).send({ schedule: '* * * * *' }),
        400,
        'schedule runs as often as every 1 min; the free plan allows one run every 5 min at most',
      );
      expect((await api(app, user).get(`/api/workflows/${workflowId}/schedule`).expect(200)).body).toMatchObject({ schedule: '*/5 * * * *' });

      await app.get(TeamsService).setPlan(user.teamId, 'pro');
      await api(app, user).patch(`/api/workflows/${workflowId}/schedule`).send({ schedule: '* * * * *' }).expect(200);
      expectError(
        await api(app, user).patch(`/api/workflows/${workflowId}/schedule`).send({ schedule: '*/10 * * * * *' }),
        400,
        'schedule runs as often as every 10 s; the pro plan allows one run every 1 min at most',
      );
      // Seconds-level schedules where the plan allows them: enterprise (1 s by default).
      await app.get(TeamsService).setPlan(user.teamId, 'enterprise');
      await api(app, user).patch(`/api/workflows/${workflowId}/schedule`).send({ schedule: '*/10 * * * * *' }).expect(200);
    });
  });
});
