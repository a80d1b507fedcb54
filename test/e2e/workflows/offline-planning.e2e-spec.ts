import type { INestApplication } from '@nestjs/common';
import type { UIMessage } from 'ai';
import type { AssetResponse } from '../../../src/assets/asset.response.js';
import { api } from '../../helpers/api.js';
import { BROWSER, pathOf, startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { waitForRun } from '../../helpers/runs.js';
import { textOfMessage } from '../../helpers/ui-messages.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { createWorkflow, mailTo } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';

/** The README's workflow example. */
const README_GOAL = 'Outline a LinkedIn post about our week. Then write it and publish it after review.';
/** Workflow framing that must never reach an asset. */
const FRAMING = /Step \d+ of \d+|of the workflow|Goal:|Earlier steps|produced:/;

describe('the offline planner and workflow steps, through the API', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let user: TestUser;
  let planMails = 0;
  let stepMails = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, RATE_LIMIT_FREE: '1000', LOG_LEVEL: 'error' } });
    await resetDatabase(app);
    user = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const follow = (path: string) => api(app).get(path).set('User-Agent', BROWSER);

  async function startRun(goal: string): Promise<{ workflowId: string; runId: number; conversationId: string }> {
    const created = await createWorkflow(app, user, { goal });
    const mail = await mailTo(smtp, user.email, /^Approve the plan/, ++planMails);
    await follow(pathOf(mail.links.find((link) => link.includes('/approve?token='))!)).expect(302);
    const started = await api(app, user).post(`/api/workflows/${created.workflowId}/run`).expect(201);
    return { workflowId: created.workflowId, ...(started.body as { runId: number; conversationId: string }) };
  }

  const assetsOf = async (runId: number) => (await api(app, user).get(`/api/assets?runId=${runId}`).expect(200)).body as AssetResponse[];
  const historyOf = async (conversationId: string) =>
    ((await api(app, user).get(`/api/assistant/history?id=${conversationId}`).expect(200)).body as { messages: UIMessage[] }).messages;

  it('plans every deliverable as its own step and takes the schedule from the goal', async () => {
    const created = await createWorkflow(app, user, { goal: 'Every Monday at 9, write a LinkedIn post and an image about our weekly product news' });
    planMails++;
    expect(created.steps).toEqual([
      { stepIndex: 0, description: 'Write a LinkedIn post about our weekly product news', agentId: 'social', requiresApproval: false, approvalPolicy: null },
      { stepIndex: 1, description: 'Make an image about our weekly product news', agentId: 'social', requiresApproval: false, approvalPolicy: null },
    ]);
    expect(created.schedule).toBe('0 9 * * 1');
    expect(created.message).toContain('Schedule taken from the goal: 0 9 * * 1 (UTC).');
    const workflow = (await api(app, user).get(`/api/workflows/${created.workflowId}`).expect(200)).body as { schedule: string | null };
    expect(workflow.schedule).toBe('0 9 * * 1');
  });

  it('keeps a schedule given with the request over the one the goal names', async () => {
    const created = await createWorkflow(app, user, { goal: 'Each Friday, write a reel about coffee', schedule: '30 8 * * 2' });
    planMails++;
    expect(created.steps).toEqual([{ stepIndex: 0, description: 'Write a reel about coffee', agentId: 'video', requiresApproval: false, approvalPolicy: null }]);
    expect(created.schedule).toBe('30 8 * * 2');
    expect(created.message).not.toContain('Schedule taken from the goal');
    expect(((await api(app, user).get(`/api/workflows/${created.workflowId}`).expect(200)).body as { schedule: string }).schedule).toBe('30 8 * * 2');
  });

  it('takes "every first Monday at 9am Europe/Paris" from the goal, and the scheduler fires on first Mondays at 09:00 Paris time', async () => {
    const created = await createWorkflow(app, user, { goal: 'Every first Monday at 9am Europe/Paris, write a LinkedIn newsletter about our month' });
    expect(created.schedule).toBe('0 9 * * 1#1');
    expect(created.message).toContain('Schedule taken from the goal: 0 9 * * 1#1 (Europe/Paris).');
    expect(created.steps.map((step) => step.description)).toEqual(['Write a LinkedIn newsletter about our month']);
    const mail = await mailTo(smtp, user.email, /^Approve the plan/, ++planMails);
    await follow(pathOf(mail.links.find((link) => link.includes('/approve?token='))!)).expect(302);
    const schedule = (await api(app, user).get(`/api/workflows/${created.workflowId}/schedule?count=4`).expect(200)).body as {
      schedule: string;
      timezone: string;
      nextRuns: string[];
    };
    expect(schedule).toMatchObject({ schedule: '0 9 * * 1#1', timezone: 'Europe/Paris' });
    expect(schedule.nextRuns).toHaveLength(4);
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    for (const run of schedule.nextRuns) {
      const parts = Object.fromEntries(paris.formatToParts(new Date(run)).map((part) => [part.type, part.value]));
      expect([run, parts.weekday, Number(parts.day) <= 7, `${parts.hour}:${parts.minute}`]).toEqual([run, 'Monday', true, '09:00']);
    }
  });

  it('sets no schedule for "every 2 weeks", and says plainly why', async () => {
    const created = await createWorkflow(app, user, { goal: 'Every 2 weeks on Monday at 9 AM, write a newsletter-style LinkedIn post' });
    const mail = await mailTo(smtp, user.email, /^Approve the plan/, ++planMails);
    expect(mail.text.replace(/\s+/g, ' ')).toContain('Manual runs only. No schedule set: the goal asks for "Every 2 weeks on Monday at 9 AM"');
    expect(created.schedule).toBeNull();
    expect(created.message).toContain('No schedule set: the goal asks for "Every 2 weeks on Monday at 9 AM", and the scheduler repeats on days of the week');
    expect(created.message).toContain('cannot count weeks from a first run (every other week). Set a schedule on the workflow yourself.');
    expect(created.message).not.toContain('Schedule taken from the goal');
    expect(created.steps.map((step) => step.description)).toEqual(['Write a newsletter-style LinkedIn post']);
    const workflow = (await api(app, user).get(`/api/workflows/${created.workflowId}`).expect(200)).body as { schedule: string | null };
    expect(workflow.schedule).toBeNull();
  });

  it('reads the schedule from the ask, not from a contract pasted under it, and keeps the contract whole', async () => {
    const clauses = '1. The Band shall play every Friday and Saturday from 21:00.\n2. The Venue may end this agreement at any time without notice.';
    const created = await createWorkflow(app, user, { goal: `Check this residency contract for anything unfair\n${clauses}` });
    const mail = await mailTo(smtp, user.email, /^Approve the plan/, ++planMails);
    expect(created.schedule).toBeNull();
    expect(created.message).not.toContain('Schedule taken from the goal');
    expect(mail.text.replace(/\s+/g, ' ')).not.toContain('No schedule set');
    expect(created.steps).toHaveLength(1);
    expect(created.steps[0].description).toContain(clauses);
  });

  it('runs the README example: an outline, then the post written from it, paused for approval; no framing in any asset', async () => {
    const created = await createWorkflow(app, user, { goal: README_GOAL });
    expect(created.steps).toEqual([
      { stepIndex: 0, description: 'Outline a LinkedIn post about our week', agentId: 'social', requiresApproval: false, approvalPolicy: null },
      {
        stepIndex: 1,
        description: 'Write the LinkedIn post about our week based on step 1, for your approval before it is published',
        agentId: 'social',
        requiresApproval: true,
        approvalPolicy: expect.objectContaining({ approvers: 'starter', quorum: 1, onExpiry: 'wait' }),
      },
    ]);
    const mail = await mailTo(smtp, user.email, /^Approve the plan/, ++planMails);
    await follow(pathOf(mail.links.find((link) => link.includes('/approve?token='))!)).expect(302);
    const { runId, conversationId } = (await api(app, user).post(`/api/workflows/${created.workflowId}/run`).expect(201)).body as { runId: number; conversationId: string };
    await waitForRun(app, user, created.workflowId, runId, 'awaiting_approval');

    const assets = await assetsOf(runId);
    const outline = assets.find((asset) => asset.type === 'post_outline')!;
    const post = assets.find((asset) => asset.type === 'social_post')!;
    expect(assets).toHaveLength(2);
    expect(outline.title).toBe('Our week');
    expect(post.title).toBe('Our week');
    for (const asset of assets) {
      expect(asset.title).not.toMatch(FRAMING);
      expect(asset.content).not.toMatch(FRAMING);
      expect(asset.content).not.toMatch(/for your approval|based on step/);
    }
    // The post follows the outline: each of its section headings is a point of the post.
    const headings = [...outline.content.matchAll(/^## \d+\. (.+)$/gm)].map((match) => match[1]);
    expect(headings.length).toBeGreaterThan(2);
    for (const heading of headings) expect(post.content).toContain(heading);

    // The approval mail shows the post itself, and approving completes the run.
    const stepMail = await mailTo(smtp, user.email, /^Approve step/, ++stepMails);
    expect(stepMail.text).toContain('Made a LinkedIn post');
    expect(stepMail.text).toContain(post.content.slice(0, 40));
    expect(stepMail.text).not.toMatch(/offline model/);
    await follow(pathOf(stepMail.links.find((link) => link.endsWith('action=approve'))!)).expect(302);
    await waitForRun(app, user, created.workflowId, runId, 'completed');

    // The step's instruction in the run's conversation starts with the step itself.
    const messages = await historyOf(conversationId);
    const instruction = messages.find((message) => message.role === 'user' && textOfMessage(message).startsWith('Write the LinkedIn post'));
    expect(instruction?.parts[0]).toEqual({ type: 'text', text: created.steps[1].description });
  });

  it('gives a general step a structured answer built from the earlier steps, never a note about being offline', async () => {
    const { workflowId, runId, conversationId } = await startRun('Write a LinkedIn post about our hiring push, then summarise it for the leadership team.');
    await waitForRun(app, user, workflowId, runId, 'completed');
    const replies = (await historyOf(conversationId)).filter((message) => message.role === 'assistant').map(textOfMessage);
    expect(replies).toHaveLength(2);
    const summary = replies[1];
    expect(summary).not.toMatch(/offline model|no language model/i);
    expect(summary).toMatch(/^## Summarise the LinkedIn post about our hiring push/);
    expect(summary).toContain("Let's talk about our hiring push.");
    expect(summary).not.toMatch(FRAMING);
  });

  it('drafts an email step as an email', async () => {
    const { workflowId, runId, conversationId } = await startRun('Draft an email to the sales team about the spring offer');
    await waitForRun(app, user, workflowId, runId, 'completed');
    const [reply] = (await historyOf(conversationId)).filter((message) => message.role === 'assistant').map(textOfMessage);
    expect(reply).toMatch(/^\*\*Subject:\*\* The spring offer\n\nHi sales team,/);
    expect(reply).toContain('Best regards');
  });
});
