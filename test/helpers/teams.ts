import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Role } from '../../src/teams/entities/membership.entity.js';
import { api, type Caller } from './api.js';
import { linksIn } from './mail-catcher.js';
import type { TestUser } from './users.js';

/** The token of the invitation link in a mail's text (it travels in the link's fragment). */
export function invitationTokenIn(text: string): string {
  const link = linksIn(text).find((candidate) => candidate.includes('/dashboard/invitations#'));
  const token = link && new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  if (!token) throw new Error(`No invitation link in:\n${text}`);
  return token;
}

/**
 * How a colleague joins a team: invited by `inviter`, the link read from the latest mail in the
 * outbox, accepted as `invitee`.
 */
export async function joinTeam(app: INestApplication, inviter: Caller, teamId: string, invitee: TestUser, role: Role = 'member'): Promise<void> {
  await api(app, inviter).post(`/api/teams/${teamId}/invitations`).send({ email: invitee.email, role }).expect(201);
  const [mail] = await app
    .get(DataSource)
    .query<{ text: string }[]>('SELECT text FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [invitee.email.toLowerCase()]);
  await api(app, invitee).post('/api/invitations/accept').send({ token: invitationTokenIn(mail.text) }).expect(200);
}
