import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SchedulerService } from '../../../src/schedules/scheduler.service.js';
import { ScheduleTicksService } from '../../../src/schedules/schedule-ticks.service.js';
import type { ScheduleResponse } from '../../../src/schedules/schedules.response.js';
import { Clock } from '../../../src/schedules/clock.js';
import { api } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { waitFor } from '../../helpers/mail-catcher.js';
import { ManualClock } from '../../helpers/manual-clock.js';
import { type Scrape, scrape } from '../../helpers/metrics.js';
import { REVIEWED_GOAL } from '../../helpers/paused-run.js';
import { waitForRun } from '../../helpers/runs.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

const ENV = { RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error', METRICS_PORT: '0', METRICS_SAMPLE_INTERVAL_SECONDS: '0' };
const SIMPLE_GOAL = 'Write a LinkedIn post about our week';

interface TickRow {
  slot: Date;
  outcome: string;
  run_id: number | null;
  caught_up: boolean;
  missed_before: number;
  detail: string | null;
}

/** A schedule's app with a clock the test moves. */
interface ClockedApp {
  app: INestApplication;
  clock: ManualClock;
  db: DataSource;
}

async function clockedApp(start: Date): Promise<ClockedApp> {
  const clock = new ManualClock(start);
  const app = await createTestApp({ env: ENV, overrides: [{ provide: Clock, useValue: clock }] });
  return { app, clock, db: app.get(DataSource) };
}

describe('schedules: slots decided once, policies, time zones, outages', () => {
  let main: ClockedApp;
  let user: TestUser;
  /** Other instances sharing the database, up until the end like the main one. */
  const others: ClockedApp[] = [];
  const another = async (start: Date) => {
    const instance = await clockedApp(start);
    others.push(instance);
    return instance;
  };

  beforeAll(async () => {
    main = await clockedApp(new Date('2026-06-01T08:00:00Z'));
    await resetDatabase(main.app);
    user = await signUp(main.app);
  });

  afterAll(async () => {
    for (const instance of others) await instance.app.close();
    await main?.app.close();
  });

  const ticksOf = (db: DataSource, workflowId: string) =>
    db.query<TickRow[]>('SELECT slot, outcome, run_id, caught_up, missed_before, detail FROM schedule_ticks WHERE workflow_id = $1 ORDER BY slot', [workflowId]);

  /** A workflow whose plan was approved at `approvedAt` (by the test's clock), with this schedule. */
  async function scheduledWorkflow(
    schedule: string,
    settings: { timezone?: string; goal?: string; approvedAt: Date } & Partial<Record<'overlapPolicy' | 'missedRunPolicy', string>> & { catchUpWindowMinutes?: number },
  ): Promise<string> {
    const { workflowId } = await createWorkflow(main.app, user, { goal: settings.goal ?? SIMPLE_GOAL, schedule, timezone: settings.timezone });
    await main.db.query(`UPDATE workflows SET status = 'active', approved_at = $2, schedule_since = $2 WHERE id = $1`, [workflowId, settings.approvedAt]);
    const { overlapPolicy, missedRunPolicy, catchUpWindowMinutes } = settings;
    if (overlapPolicy || missedRunPolicy || catchUpWindowMinutes) {
      await api(main.app, user).patch(`/api/workflows/${workflowId}/schedule`).send({ overlapPolicy, missedRunPolicy, catchUpWindowMinutes }).expect(200);
    }
    return workflowId;
  }

  /** Fires the clock's next timer and waits until its slot is decided. */
  async function fireSlot(target: ClockedApp, workflowId: string): Promise<TickRow> {
    const slot = target.clock.fireNext();
    return waitFor(async () => (await ticksOf(target.db, workflowId)).find((tick) => tick.slot.getTime() === slot.getTime()), `the slot ${slot.toISOString()}`);
  }

  /** Arms only this workflow's timer, from `at`: the clock is moved there and every other schedule is paused. */
  async function armOnly(workflowId: string, at: Date): Promise<void> {
    const scheduler = main.app.get(SchedulerService);
    await main.db.query(`UPDATE workflows SET schedule_paused_at = now() WHERE schedule IS NOT NULL AND schedule_paused_at IS NULL`);
    await scheduler.reconcile();
    main.clock.jumpTo(at);
    await main.db.query(`UPDATE workflows SET schedule_paused_at = NULL WHERE id = $1`, [workflowId]);
    await scheduler.reconcile();
  }

  describe('the schedule API', () => {
    it('reads the schedule with its next run times in its time zone, and changes it', async () => {
      const workflowId = await scheduledWorkflow('0 9 * * 1', { timezone: 'Europe/Berlin', approvedAt: main.clock.now() });
      const schedule = (await api(main.app, user).get(`/api/workflows/${workflowId}/schedule?count=3`).expect(200)).body as ScheduleResponse;
      // Monday 2026-06-01 08:00Z is 10:00 in Berlin: this week's 09:00 has passed.
      expect(schedule).toEqual({
        workflowId,
        schedule: '0 9 * * 1',
        timezone: 'Europe/Berlin',
        paused: false,
        pausedAt: null,
        overlapPolicy: 'skip',
        missedRunPolicy: 'skip',
        catchUpWindowMinutes: 60,
        nextRunAt: '2026-06-08T07:00:00.000Z',
        nextRuns: ['2026-06-08T07:00:00.000Z', '2026-06-15T07:00:00.000Z', '2026-06-22T07:00:00.000Z'],
        recentSlots: [],
      });

      const changed = (
        await api(main.app, user)
          .patch(`/api/workflows/${workflowId}/schedule`)
          .send({ schedule: '30 18 * * *', timezone: 'America/New_York', overlapPolicy: 'queue_one', missedRunPolicy: 'run_once', catchUpWindowMinutes: 90 })
          .expect(200)
      ).body as ScheduleResponse;
      expect(changed).toMatchObject({ schedule: '30 18 * * *', timezone: 'America/New_York', overlapPolicy: 'queue_one', missedRunPolicy: 'run_once', catchUpWindowMinutes: 90 });
      expect(changed.nextRuns).toHaveLength(5);
      expect(changed.nextRunAt).toBe('2026-06-01T22:30:00.000Z');

      const removed = (await api(main.app, user).patch(`/api/workflows/${workflowId}/schedule`).send({ schedule: null }).expect(200)).body as ScheduleResponse;
      expect(removed).toMatchObject({ schedule: null, nextRunAt: null, nextRuns: [] });
    });

    it('lists the next run times of yearly and leap-day schedules as far as the cron package looks ahead', async () => {
      const yearly = await scheduledWorkflow('0 9 1 1 *', { approvedAt: main.clock.now() });
      const { nextRuns } = (await api(main.app, user).get(`/api/workflows/${yearly}/schedule?count=50`).expect(200)).body as ScheduleResponse;
      // The cron package finds no date more than 8 years past the real clock's now: fewer than asked, each a year on.
      expect(nextRuns.length).toBeGreaterThanOrEqual(7);
      expect(nextRuns.length).toBeLessThan(50);
      expect(nextRuns).toEqual(nextRuns.map((_, index) => `${2027 + index}-01-01T09:00:00.000Z`));

      const leapDay = await scheduledWorkflow('0 9 29 2 *', { approvedAt: main.clock.now() });
      const leapDays = (await api(main.app, user).get(`/api/workflows/${leapDay}/schedule?count=50`).expect(200)).body as ScheduleResponse;
      expect(leapDays.nextRuns.slice(0, 2)).toEqual(['2028-02-29T09:00:00.000Z', '2032-02-29T09:00:00.000Z']);
    });

    it('pauses and resumes: a paused schedule has no next run and arms no timer', async () => {
      const workflowId = await scheduledWorkflow('0 * * * *', { approvedAt: main.clock.now() });
      await armOnly(workflowId, new Date('2026-06-01T08:10:00Z'));
      expect(main.clock.pendingTimers()).toBe(1);

      const paused = (await api(main.app, user).post(`/api/workflows/${workflowId}/schedule/pause`).expect(200)).body as ScheduleResponse;
      expect(paused).toMatchObject({ paused: true, pausedAt: expect.any(String), nextRunAt: null, nextRuns: [] });
      await waitFor(() => Promise.resolve(main.clock.pendingTimers() === 0 || undefined), 'the timer to be cancelled');
      // Pausing twice changes nothing.
      expect((await api(main.app, user).post(`/api/workflows/${workflowId}/schedule/pause`).expect(200)).body).toEqual(paused);

      const resumed = (await api(main.app, user).post(`/api/workflows/${workflowId}/schedule/resume`).expect(200)).body as ScheduleResponse;
      expect(resumed).toMatchObject({ paused: false, pausedAt: null, nextRunAt: '2026-06-01T09:00:00.000Z' });
      await waitFor(() => Promise.resolve(main.clock.pendingTimers() === 1 || undefined), 'the timer to be armed again');
      const tick = await fireSlot(main, workflowId);
      expect(tick).toMatchObject({ outcome: 'started', missed_before: 0 });
    });

    it('refuses bad settings, schedules of drafts never fire, and other teams see nothing', async () => {
      const { workflowId } = await createWorkflow(main.app, user, { goal: SIMPLE_GOAL, schedule: '0 9 * * *' });
      const draft = (await api(main.app, user).get(`/api/workflows/${workflowId}/schedule`).expect(200)).body as ScheduleResponse;
      expect(draft).toMatchObject({ schedule: '0 9 * * *', nextRunAt: null, nextRuns: [] });
      const before = await main.db.query<unknown[]>('SELECT * FROM workflows WHERE id = $1', [workflowId]);

      const patch = (body: object) => api(main.app, user).patch(`/api/workflows/${workflowId}/schedule`).send(body);
      expectError(await patch({ schedule: 'every day' }), 400, [/^schedule is not a valid cron expression/]);
      expectError(await patch({ schedule: '0 9 30 2 *' }), 400, [/^schedule never fires: no date matches it$/]);
      expectError(await patch({ schedule: '0 0 31 4 *', timezone: 'Europe/Berlin' }), 400, [/^schedule never fires: no date matches it$/]);
      expectError(await patch({ timezone: 'Mars/Olympus' }), 400, [/^timezone must be an IANA time zone/]);
      expectError(await patch({ overlapPolicy: 'twice' }), 400, [/^overlapPolicy must be one of: skip, queue_one, cancel_running$/]);
      expectError(await patch({ missedRunPolicy: 'all' }), 400, [/^missedRunPolicy must be one of: skip, run_once$/]);
      expectError(await patch({ catchUpWindowMinutes: 0 }), 400, [/^catchUpWindowMinutes must not be less than 1$/]);
      expectError(await patch({ catchUpWindowMinutes: 10_081 }), 400, [/^catchUpWindowMinutes must not be greater than 10080$/]);
      expectError(await patch({ catchUpWindowMinutes: '60' }), 400, [/^catchUpWindowMinutes must be an integer number$/]);
      expectError(await patch({ status: 'active' }), 400, [/^status: property status should not exist$/]);
      for (const count of ['0', '51', 'abc', '1.5']) {
        expectError(await api(main.app, user).get(`/api/workflows/${workflowId}/schedule?count=${count}`), 400);
      }
      expect(await main.db.query('SELECT * FROM workflows WHERE id = $1', [workflowId])).toEqual(before);

      const stranger = await signUp(main.app);
      expectError(await api(main.app, stranger).get(`/api/workflows/${workflowId}/schedule`), 404, 'Workflow not found');
      expectError(await api(main.app, stranger).patch(`/api/workflows/${workflowId}/schedule`).send({ schedule: null }), 404, 'Workflow not found');
      expectError(await api(main.app, stranger).post(`/api/workflows/${workflowId}/schedule/pause`), 404, 'Workflow not found');
      expect(await main.db.query('SELECT * FROM workflows WHERE id = $1', [workflowId])).toEqual(before);

      const { workflowId: unscheduled } = await createWorkflow(main.app, user, { goal: SIMPLE_GOAL });
      expectError(await api(main.app, user).post(`/api/workflows/${unscheduled}/schedule/pause`), 409, 'The workflow has no schedule to pause');
    });
  });

  describe('overlap policies: a slot that finds the previous run in progress', () => {
    /** A reviewed workflow with a run paused on its review step, and only its timer armed. */
    async function busyWorkflow(overlapPolicy: string): Promise<{ workflowId: string; runId: number }> {
      const workflowId = await scheduledWorkflow('0 * * * *', { goal: REVIEWED_GOAL, overlapPolicy, approvedAt: main.clock.now() });
      const { runId } = (await api(main.app, user).post(`/api/workflows/${workflowId}/run`).expect(201)).body as { runId: number };
      await waitForRun(main.app, user, workflowId, runId, 'awaiting_approval');
      await armOnly(workflowId, new Date(Math.ceil(main.clock.now().getTime() / 3_600_000) * 3_600_000 - 60_000));
      return { workflowId, runId };
    }

    it('skip (the default): the slot is recorded as skipped, naming the run in progress', async () => {
      await api(main.app, user).post(`/api/teams/${user.teamId}/webhooks`).send({ url: 'https://hooks.example.com/slots', eventTypes: ['schedule.slot_skipped'] }).expect(201);
      const { workflowId, runId } = await busyWorkflow('skip');
      const before = await scrape(main.app);
      const tick = await fireSlot(main, workflowId);
      expect(tick).toMatchObject({ outcome: 'skipped', run_id: null, detail: `Run #${runId} was in progress` });
      const slots = (from: Scrape, outcome: string) => from.value('assistant_schedule_slots_total', { outcome, caught_up: 'false' });
      const after = await scrape(main.app);
      expect(slots(after, 'skipped') - slots(before, 'skipped')).toBe(1);
      expect(slots(after, 'started') - slots(before, 'started')).toBe(0);
      // Announced to the team's webhook, written with the decision.
      const events = await main.db.query<{ data: Record<string, unknown> }[]>(`SELECT data FROM webhook_events WHERE type = 'schedule.slot_skipped' AND data->>'workflowId' = $1`, [workflowId]);
      expect(events.map((event) => event.data)).toEqual([
        { workflowId, slot: tick.slot.toISOString(), caughtUp: false, missedBefore: 0, detail: `Run #${runId} was in progress` },
      ]);
      const runs = await main.db.query<unknown[]>('SELECT id FROM workflow_runs WHERE workflow_id = $1', [workflowId]);
      expect(runs).toHaveLength(1);
    });

    it('queue_one: one slot waits for the run and starts when it ends; a second one meanwhile is skipped', async () => {
      const { workflowId, runId } = await busyWorkflow('queue_one');
      const queued = await fireSlot(main, workflowId);
      expect(queued).toMatchObject({ outcome: 'queued', run_id: null, detail: `Waits for run #${runId} to end` });
      const second = await fireSlot(main, workflowId);
      expect(second).toMatchObject({ outcome: 'skipped', detail: `Run #${runId} was in progress and another slot already waits for it` });
      // Still running: the queued slot keeps waiting.
      await main.app.get(ScheduleTicksService).startQueued();
      expect((await ticksOf(main.db, workflowId))[0]).toMatchObject({ outcome: 'queued' });

      await api(main.app, user).post(`/api/workflows/${workflowId}/runs/${runId}/stop`).expect(200);
      await main.app.get(ScheduleTicksService).startQueued();
      const [started] = await ticksOf(main.db, workflowId);
      expect(started).toMatchObject({ outcome: 'started', run_id: expect.any(Number), detail: 'Started when the previous run ended' });
      const [run] = await main.db.query<{ scheduled_for: Date; trigger: string }[]>('SELECT scheduled_for, trigger FROM workflow_runs WHERE id = $1', [started.run_id]);
      expect(run).toEqual({ scheduled_for: queued.slot, trigger: 'schedule' });
    });

    it('cancel_running: the run in progress fails, replaced, and the slot starts its own', async () => {
      const { workflowId, runId } = await busyWorkflow('cancel_running');
      const before = await scrape(main.app);
      const tick = await fireSlot(main, workflowId);
      const started = (from: Scrape) => from.value('assistant_schedule_slots_total', { outcome: 'started', caught_up: 'false' });
      expect(started(await scrape(main.app)) - started(before)).toBe(1);
      expect(tick).toMatchObject({ outcome: 'started', run_id: expect.any(Number), detail: `Replaced run #${runId}` });
      const replaced = await waitForRun(main.app, user, workflowId, runId, 'failed');
      expect(replaced.reason).toBe(`Replaced by the scheduled run of ${tick.slot.toISOString()}`);
      expect(tick.run_id).not.toBe(runId);
    });
  });

  describe('daylight saving: a daily wall time fires once per local day', () => {
    it.each([
      ['Europe/Berlin', '30 2 * * *', '2026-03-27T12:00:00Z', ['2026-03-28T01:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z']],
      ['Europe/Berlin', '30 2 * * *', '2026-10-23T12:00:00Z', ['2026-10-24T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z']],
      ['America/New_York', '30 2 * * *', '2026-03-06T12:00:00Z', ['2026-03-07T07:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z']],
      ['America/New_York', '30 1 * * *', '2026-10-30T12:00:00Z', ['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']],
    ])('%s %s from %s', async (timezone, schedule, start, expected) => {
      const workflowId = await scheduledWorkflow(schedule, { timezone, approvedAt: new Date(start) });
      await armOnly(workflowId, new Date(start));
      const slots: string[] = [];
      for (let day = 0; day < expected.length; day++) slots.push((await fireSlot(main, workflowId)).slot.toISOString());
      expect(slots).toEqual(expected);
      expect((await ticksOf(main.db, workflowId)).map((tick) => tick.missed_before)).toEqual([0, 0, 0]);
    });
  });

  describe('several instances', () => {
    it('decide a slot once: one record, one run', async () => {
      const at = new Date('2026-07-01T09:59:00Z');
      const workflowId = await scheduledWorkflow('0 10 * * *', { approvedAt: at });
      await armOnly(workflowId, at);
      const instances = [main, await another(at), await another(at)];
      // Every instance's timer fires at once.
      await Promise.all(instances.map((instance) => fireSlot(instance, workflowId)));
      const ticks = await ticksOf(main.db, workflowId);
      expect(ticks).toEqual([expect.objectContaining({ slot: new Date('2026-07-01T10:00:00Z'), outcome: 'started' })]);
      const runs = await main.db.query<{ id: number }[]>('SELECT id FROM workflow_runs WHERE workflow_id = $1', [workflowId]);
      expect(runs.map((run) => run.id)).toEqual([ticks[0].run_id]);
      // The others' timers for this workflow are done with: they stay out of the later tests.
      for (const instance of instances.slice(1)) instance.clock.jumpTo(new Date(0));
    });
  });

  describe('an estimate of the database time that runs ahead', () => {
    it('a timer waits for the database’s own time before it decides its slot', async () => {
      const at = new Date('2026-08-01T08:59:00Z');
      const slot = new Date('2026-08-01T09:00:00Z');
      const workflowId = await scheduledWorkflow('0 9 * * *', { approvedAt: at });
      // The offset was read from a round trip that waited for a connection: the estimate is 50 ms ahead.
      main.clock.aheadMs = 50;
      try {
        await armOnly(workflowId, at);
        expect(main.clock.fireNext()).toEqual(new Date(slot.getTime() - 50));
        // Not yet 09:00 by the database: the timer waits the rest, and nothing is decided.
        await waitFor(() => Promise.resolve(main.clock.nextTimerAt()?.getTime() === slot.getTime() || undefined), 'the timer armed again for the slot itself');
        expect(await ticksOf(main.db, workflowId)).toEqual([]);
        expect((await fireSlot(main, workflowId)).slot).toEqual(slot);
      } finally {
        main.clock.aheadMs = 0;
      }
    });
  });

  describe('slots that fell while no instance was up', () => {
    /** Decides 10:00 on the main instance, then brings up a fresh one at `restartAt`, as after an outage. */
    async function outage(settings: { missedRunPolicy: string; catchUpWindowMinutes?: number }, restartAt: Date): Promise<{ workflowId: string; ticks: TickRow[] }> {
      const workflowId = await scheduledWorkflow('0 * * * *', { ...settings, approvedAt: new Date('2026-08-01T09:30:00Z') });
      await armOnly(workflowId, new Date('2026-08-01T09:59:00Z'));
      const first = await fireSlot(main, workflowId);
      expect(first).toMatchObject({ outcome: 'started' });
      await waitForRun(main.app, user, workflowId, first.run_id!, 'completed');
      await main.db.query('UPDATE workflows SET schedule_paused_at = now() WHERE id = $1', [workflowId]);
      await main.app.get(SchedulerService).reconcile();
      await main.db.query('UPDATE workflows SET schedule_paused_at = NULL WHERE id = $1', [workflowId]);
      // The instance that comes up after the outage: its start-up reconciliation finds the missed slots.
      const restarted = await another(restartAt);
      const ticks = await ticksOf(main.db, workflowId);
      // Done with: its clock goes back before every schedule here, so it decides nothing more.
      restarted.clock.jumpTo(new Date(0));
      return { workflowId, ticks };
    }

    it('run_once: the latest missed slot runs once, caught up, counting the ones before it', async () => {
      const { ticks } = await outage({ missedRunPolicy: 'run_once', catchUpWindowMinutes: 120 }, new Date('2026-08-01T12:30:00Z'));
      expect(ticks.map((tick) => [tick.slot.toISOString(), tick.outcome, tick.caught_up, tick.missed_before])).toEqual([
        ['2026-08-01T10:00:00.000Z', 'started', false, 0],
        ['2026-08-01T12:00:00.000Z', 'started', true, 1],
      ]);
      expect(ticks[1].run_id).toEqual(expect.any(Number));
    });

    it('run_once beyond the catch-up window, and skip: recorded as missed, nothing run', async () => {
      const late = await outage({ missedRunPolicy: 'run_once', catchUpWindowMinutes: 20 }, new Date('2026-08-01T12:30:00Z'));
      expect(late.ticks[1]).toMatchObject({ outcome: 'missed', run_id: null, caught_up: false, missed_before: 1 });
      expect(late.ticks[1].detail).toBe('No instance was up at this time, and it is older than the catch-up window (20 min)');

      const skipped = await outage({ missedRunPolicy: 'skip' }, new Date('2026-08-01T15:30:00Z'));
      expect(skipped.ticks.map((tick) => [tick.slot.toISOString(), tick.outcome, tick.missed_before])).toEqual([
        ['2026-08-01T10:00:00.000Z', 'started', 0],
        ['2026-08-01T15:00:00.000Z', 'missed', 4],
      ]);
    });
  });
});
