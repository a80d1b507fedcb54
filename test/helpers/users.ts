import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LoginResponse } from '../../src/teams/auth/auth.response.js';
import { api } from './api.js';

export interface TestUser {
  token: string;
  email: string;
  password: string;
  userId: string;
  teamId: string;
}

/**
 * Signs a new user up over HTTP; returns their token and personal team. The address counts as
 * verified (as if the mailed link was used) unless `verified: false`: most tests invite and accept.
 */
export async function signUp(app: INestApplication, overrides: { email?: string; name?: string; verified?: boolean } = {}): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const response = await api(app)
    .post('/api/auth/register')
    .send({ email, password, name: overrides.name ?? 'Test User' })
    .expect(201);
  const body = response.body as LoginResponse;
  if (overrides.verified !== false) await markVerified(app, body.user.id);
  return { token: body.accessToken, email, password, userId: body.user.id, teamId: body.activeTeam.id };
}

/** Sets the user's address verified, as the mailed link would (email-verification.e2e-spec.ts tests the link itself). */
export async function markVerified(app: INestApplication, userId: string): Promise<void> {
  await app.get(DataSource).query('UPDATE users SET email_verified_at = now() WHERE id = $1', [userId]);
}
