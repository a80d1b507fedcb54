import type { INestApplication } from '@nestjs/common';
import { api } from './api.js';
import type { TestSmtpServer } from './mail-catcher.js';
import { BROWSER, pathOf } from './mail-catcher.js';
import { waitForRun } from './runs.js';
import type { TestUser } from './users.js';
import { createWorkflow, mailTo } from './workflows.js';

/** Two steps; the second (index 1) is reviewed. */
export const REVIEWED_GOAL = 'Outline a LinkedIn post about our product launch. Then write the LinkedIn post and have the team review it.';
export const REVIEWED_STEP = 1;

export interface PausedRun {
  workflowId: string;
  runId: number;
  conversationId: string;
  /** Paths (with query) of the step approval mail's links. */
  links: { approve: string; reject: string };
}

/**
 * The user's new workflow, approved by its mailed link, with a run paused on its reviewed step
 * once the step's approval mail is out. Needs the app to send mail to `smtp`.
 */
export async function pausedRun(app: INestApplication, smtp: TestSmtpServer, user: TestUser): Promise<PausedRun> {
  const created = await createWorkflow(app, user, { goal: REVIEWED_GOAL });
  const planMail = await mailTo(smtp, user.email, /^Approve the plan/);
  await api(app).get(pathOf(planMail.links.find((link) => link.includes('/approve?token='))!)).set('User-Agent', BROWSER).expect(302);
  const started = await api(app, user).post(`/api/workflows/${created.workflowId}/run`).expect(201);
  const { runId, conversationId } = started.body as { runId: number; conversationId: string };
  await waitForRun(app, user, created.workflowId, runId, 'awaiting_approval');
  const stepMail = await mailTo(smtp, user.email, /^Approve step/);
  const link = (action: string) => pathOf(stepMail.links.find((candidate) => candidate.endsWith(`action=${action}`))!);
  return { workflowId: created.workflowId, runId, conversationId, links: { approve: link('approve'), reject: link('reject') } };
}
