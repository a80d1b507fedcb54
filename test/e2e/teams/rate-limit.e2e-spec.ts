import { Controller, Get, type INestApplication } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { TeamsService } from '../../../src/teams/teams.service.js';
import { Permission } from '../../../src/teams/permissions/permission.decorator.js';
import { PlanRateLimit } from '../../../src/teams/rate-limit/rate-limit.decorator.js';
import { api } from '../../helpers/api.js';
import { chat } from '../../helpers/chat.js';
import { expectError } from '../../helpers/expect-error.js';
import { joinTeam } from '../../helpers/teams.js';
import { userMessage } from '../../helpers/ui-messages.js';
import { signUp } from '../../helpers/users.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** Any endpoint can take the plan limit; the router is the one that does in production. */
@Controller('test-rate-limit')
class LimitedController {
  @PlanRateLimit()
  @Permission('team.read')
  @Get()
  @ApiOkResponse({ schema: { type: 'object', properties: { ok: { enum: [true] } }, required: ['ok'] } })
  hit(): { ok: true } {
    return { ok: true };
  }
}

const SMALL_LIMITS = { RATE_LIMIT_FREE: '3', RATE_LIMIT_PRO: '5', RATE_LIMIT_ENTERPRISE: '8', RATE_LIMIT_WINDOW_SECONDS: '60' };

describe('rate limits', () => {
  describe('per plan, in memory', () => {
    let app: INestApplication;

    beforeAll(async () => {
      app = await createTestApp({ env: SMALL_LIMITS, controllers: [LimitedController] });
      await resetDatabase(app);
    });
    afterAll(() => app.close());

    it("allows the free plan's limit per team, then answers 429 with Retry-After", async () => {
      const user = await signUp(app);
      for (let i = 0; i < 3; i++) await api(app, user).get('/api/test-rate-limit').expect(200);
      const limited = await api(app, user).get('/api/test-rate-limit');
      expectError(limited, 429, "Rate limit of your team's plan exceeded (3 requests per 60 s); retry later");
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    });

    it('counts per team: members of one team share the count, another team has its own', async () => {
      const [owner, colleague, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
      await joinTeam(app, owner, owner.teamId, colleague);
      await api(app, colleague).post(`/api/teams/${owner.teamId}/activate`).expect(200);
      await api(app, owner).get('/api/test-rate-limit').expect(200);
      await api(app, owner).get('/api/test-rate-limit').expect(200);
      await api(app, colleague).get('/api/test-rate-limit').expect(200);
      expectError(await api(app, colleague).get('/api/test-rate-limit'), 429);
      await api(app, stranger).get('/api/test-rate-limit').expect(200);
    });

    it('applies the limit of the pro and enterprise plans', async () => {
      const [pro, enterprise] = [await signUp(app), await signUp(app)];
      await app.get(TeamsService).setPlan(pro.teamId, 'pro');
      await app.get(TeamsService).setPlan(enterprise.teamId, 'enterprise');
      for (let i = 0; i < 5; i++) await api(app, pro).get('/api/test-rate-limit').expect(200);
      expectError(await api(app, pro).get('/api/test-rate-limit'), 429, /\(5 requests per 60 s\)/);
      for (let i = 0; i < 8; i++) await api(app, enterprise).get('/api/test-rate-limit').expect(200);
      expectError(await api(app, enterprise).get('/api/test-rate-limit'), 429, /\(8 requests per 60 s\)/);
    });

    // The routes production limits: removing the decorator from either must fail here.
    it("limits the chat router by the team's plan", async () => {
      const user = await signUp(app);
      for (let i = 0; i < 3; i++) await chat(app, user, { messages: [userMessage('Hello')] });
      const limited = await api(app, user).post('/api/assistant/router').send({ messages: [userMessage('Hello')] });
      expectError(limited, 429, "Rate limit of your team's plan exceeded (3 requests per 60 s); retry later");
    });

    it("limits OpenAI's chat completions by the team's plan", async () => {
      const user = await signUp(app);
      const completion = { model: 'router', messages: [{ role: 'user', content: 'Hello' }] };
      for (let i = 0; i < 3; i++) await api(app, user).post('/v1/chat/completions').send(completion).expect(200);
      const limited = await api(app, user).post('/v1/chat/completions').send(completion).expect(429);
      expect(limited.body.error).toMatchObject({ code: 'rate_limit_exceeded', message: expect.stringMatching(/\(3 requests per 60 s\)/) });
    });

    it('checks authentication before counting', async () => {
      expectError(await api(app).get('/api/test-rate-limit'), 401);
    });
  });

  describe('shared by instances through Redis', () => {
    let first: INestApplication;
    let second: INestApplication;

    beforeAll(async () => {
      const env = { ...SMALL_LIMITS, REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
      first = await createTestApp({ env, controllers: [LimitedController] });
      second = await createTestApp({ env, controllers: [LimitedController] });
      await resetDatabase(first);
    });
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it('counts requests to both instances against one limit', async () => {
      const user = await signUp(first);
      await api(first, user).get('/api/test-rate-limit').expect(200);
      await api(second, user).get('/api/test-rate-limit').expect(200);
      await api(first, user).get('/api/test-rate-limit').expect(200);
      const limited = await api(second, user).get('/api/test-rate-limit');
      expectError(limited, 429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
