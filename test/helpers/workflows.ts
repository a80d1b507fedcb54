import type { INestApplication } from '@nestjs/common';
import type { CreatedWorkflowResponse } from '../../src/workflows/workflows.response.js';
import { api, type Caller } from './api.js';
import { linksIn, parseEml, type TestSmtpServer, waitFor } from './mail-catcher.js';

export async function createWorkflow(
  app: INestApplication,
  caller: Caller,
  body: { goal: string; schedule?: string; timezone?: string },
): Promise<CreatedWorkflowResponse> {
  const response = await api(app, caller).post('/api/workflows').send(body).expect(201);
  return response.body as CreatedWorkflowResponse;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Waits for the `count`-th mail to `to` whose subject matches, and reads it. */
export async function mailTo(smtp: TestSmtpServer, to: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  return waitFor(() => {
    const matching = smtp.messages
      .filter((message) => message.to.includes(to))
      .map((message) => {
        const parsed = parseEml(message.raw);
        return { to: message.to, subject: parsed.headers.subject ?? '', text: parsed.text, html: parsed.html, links: linksIn(parsed.text) };
      })
      .filter((mail) => subject.test(mail.subject));
    return Promise.resolve(matching.length >= count ? matching[count - 1] : undefined);
  }, `mail ${String(subject)} to ${to}`);
}
