import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { Request } from 'superagent';
import type Test from 'supertest/lib/test.js';
import { contractViolation } from './contract.js';

export interface Caller {
  token: string;
}

/**
 * A supertest agent for the app, sending the caller's Bearer token when given one. Every answer is
 * checked against the app's OpenAPI document (test/helpers/contract.ts): an undocumented status or
 * a body unlike its schema fails the request, and so the test that made it.
 */
export function api(app: INestApplication, caller?: Caller): TestAgent {
  const agent = request.agent(app.getHttpServer()).use((test: Request) => {
    (test as Test).expect((response) => {
      const violation = contractViolation(app, response);
      if (violation) throw violation;
    });
  });
  return caller ? agent.set('Authorization', `Bearer ${caller.token}`) : agent;
}
