import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { LoginResponse } from '../../src/teams/auth/auth.response.js';
import { api } from './api.js';

export interface TestUser {
  token: string;
  email: string;
  password: string;
  userId: string;
  teamId: string;
}

/** Signs a new user up over HTTP; returns their token and personal team. */
export async function signUp(app: INestApplication, overrides: { email?: string; name?: string } = {}): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const response = await api(app)
    .post('/api/auth/register')
    .send({ email, password, name: overrides.name ?? 'Test User' })
    .expect(201);
  const body = response.body as LoginResponse;
  return { token: body.accessToken, email, password, userId: body.user.id, teamId: body.activeTeam.id };
}
