import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

export interface Caller {
  token: string;
}

/** A supertest agent for the app, sending the caller's Bearer token when given one. */
export function api(app: INestApplication, caller?: Caller): TestAgent {
  const agent = request.agent(app.getHttpServer());
  return caller ? agent.set('Authorization', `Bearer ${caller.token}`) : agent;
}
