import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { ApprovalTokensService } from '../../../src/approvals/approval-tokens.service.js';
import { loadConfiguration } from '../../../src/config/configuration.js';
import { SessionCache } from '../../../src/teams/auth/session-cache.js';
import type { Role } from '../../../src/teams/entities/membership.entity.js';
import { InvitationTokensService } from '../../../src/teams/invitations/invitation-tokens.service.js';
import type { InvitationResponse } from '../../../src/teams/invitations/invitations.response.js';
import { api, type Caller } from '../../helpers/api.js';
import { expectError } from '../../helpers/expect-error.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/mail-catcher.js';
import { invitationTokenIn, joinTeam } from '../../helpers/teams.js';
import { signUp, type TestUser } from '../../helpers/users.js';
import { mailTo, type ReceivedMail } from '../../helpers/workflows.js';
import { createTestApp } from '../../setup/create-test-app.js';
import { resetDatabase } from '../../setup/reset-database.js';
import { TEST_ENV } from '../../setup/test-env.js';

const DAY_MS = 24 * 3600 * 1000;

/** The session id inside a session JWT. */
function sessionIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
}

describe('team membership: invitations, roles, removal, leaving', () => {
  let app: INestApplication;
  let smtp: TestSmtpServer;
  let db: DataSource;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The session cache is on, as in production: every change below must reach resolved sessions at once.
    app = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SESSION_CACHE_SECONDS: '60', LOGIN_RATE_LIMIT_PER_IP: '1000' },
    });
    await resetDatabase(app);
    db = app.get(DataSource);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  async function createTeam(owner: Caller, name = 'Shared'): Promise<string> {
    return (await api(app, owner).post('/api/teams').send({ name }).expect(201)).body.id as string;
  }

  async function invite(inviter: Caller, teamId: string, email: string, role: Role = 'member'): Promise<InvitationResponse> {
    const response = await api(app, inviter).post(`/api/teams/${teamId}/invitations`).send({ email, role }).expect(201);
    return withoutMailed(response.body as Record<string, unknown>) as unknown as InvitationResponse;
  }

  /** The `count`-th invitation mail to the address, and its token. */
  async function invitationMail(email: string, count = 1): Promise<ReceivedMail & { token: string }> {
    const mail = await mailTo(smtp, email, /^Invitation to join the team /, count);
    return { ...mail, token: invitationTokenIn(mail.text) };
  }

  const accept = (caller: Caller, token: string) => api(app, caller).post('/api/invitations/accept').send({ token });
  const decline = (token: string) => api(app).post('/api/invitations/decline').send({ token });

  async function teamIdsOf(user: Caller): Promise<string[]> {
    return (await api(app, user).get('/api/teams').expect(200)).body.map((team: { id: string }) => team.id);
  }

  async function rolesIn(teamId: string): Promise<Record<string, string>> {
    const rows: { user_id: string; role: string }[] = await db.query('SELECT user_id, role FROM memberships WHERE team_id = $1', [teamId]);
    return Object.fromEntries(rows.map((row) => [row.user_id, row.role]));
  }

  async function statusOf(invitationId: string): Promise<string> {
    const [row] = await db.query('SELECT status FROM team_invitations WHERE id = $1', [invitationId]);
    return row.status as string;
  }

  /** A team with an owner, an admin and a member, each joined by invitation. */
  async function teamOfThree(): Promise<{ teamId: string; owner: TestUser; admin: TestUser; member: TestUser }> {
    const [owner, admin, member] = [await signUp(app, { name: 'Owner' }), await signUp(app, { name: 'Admin' }), await signUp(app, { name: 'Member' })];
    const teamId = await createTeam(owner);
    await joinTeam(app, owner, teamId, admin, 'admin');
    await joinTeam(app, owner, teamId, member, 'member');
    return { teamId, owner, admin, member };
  }

  describe('invitations', () => {
    it('invites an address with no account; the mailed link is accepted after signing up with it, in any case', async () => {
      const owner = await signUp(app, { name: 'Ada' });
      const teamId = await createTeam(owner, 'Launch');

      const response = await api(app, owner).post(`/api/teams/${teamId}/members`).send({ email: ' New.Person@Example.com ', role: 'admin' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        teamId,
        email: 'new.person@example.com',
        role: 'admin',
        status: 'pending',
        invitedBy: owner.userId,
        createdAt: expect.any(String),
        mailedAt: response.body.createdAt,
        expiresAt: expect.any(String),
        mailed: true,
      });
      // Default lifetime: 7 days.
      expect(Date.parse(response.body.expiresAt) - Date.parse(response.body.createdAt)).toBe(7 * DAY_MS);
      // Nobody joined: the invitation waits for its answer.
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner' });

      const mail = await invitationMail('new.person@example.com');
      expect(mail.subject).toBe('Invitation to join the team “Launch”');
      expect(mail.text).toContain(`“Ada” (${owner.email}) invited you to join the team “Launch” as an admin.`);
      expect(mail.text).toContain('sign up with that address');
      expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/dashboard\/invitations#token=[\w.-]+$/);
      expect(mail.html).toContain('Open the invitation');
      // The link is only ever mailed: the inviter never sees it.
      expect(JSON.stringify(response.body)).not.toContain(mail.token);
      expect((await api(app, owner).get(`/api/teams/${teamId}/invitations`).expect(200)).body).toEqual([withoutMailed(response.body)]);

      const invitee = await signUp(app, { email: 'NEW.PERSON@example.com', name: 'Grace' });
      const accepted = await accept(invitee, mail.token);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toEqual({ id: teamId, name: 'Launch', plan: 'free', role: 'admin', createdAt: expect.any(String) });

      expect(await teamIdsOf(invitee)).toEqual([invitee.teamId, teamId]);
      await api(app, invitee).post(`/api/teams/${teamId}/activate`).expect(200);
      const members = (await api(app, invitee).get(`/api/teams/${teamId}/members`).expect(200)).body;
      expect(members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
        ['Ada', 'owner'],
        ['Grace', 'admin'],
      ]);
      expect(await statusOf(response.body.id)).toBe('accepted');
      expect((await api(app, owner).get(`/api/teams/${teamId}/invitations`).expect(200)).body).toEqual([]);

      // Used once: a second click changes nothing.
      expectError(await accept(invitee, mail.token), 409, 'This invitation has already been accepted');
      expectError(await decline(mail.token), 409, 'This invitation has already been accepted');
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner', [invitee.userId]: 'admin' });
    });

    it('an existing account is not added until it accepts; declining needs no sign-in and adds nobody', async () => {
      const [owner, colleague] = [await signUp(app), await signUp(app)];
      const teamId = await createTeam(owner);
      const invitation = await invite(owner, teamId, colleague.email);
      const { token } = await invitationMail(colleague.email);
      expect(await teamIdsOf(colleague)).toEqual([colleague.teamId]);

      const declined = await decline(token);
      expect(declined.status).toBe(200);
      expect(declined.body).toEqual({ ...invitation, status: 'declined' });
      expect(await statusOf(invitation.id)).toBe('declined');
      expect(await teamIdsOf(colleague)).toEqual([colleague.teamId]);
      expect((await api(app, owner).get(`/api/teams/${teamId}/invitations`).expect(200)).body).toEqual([]);

      expectError(await accept(colleague, token), 409, 'This invitation has been declined');
      expectError(await decline(token), 409, 'This invitation has been declined');
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner' });
    });

    it('only the invited address may accept: another account gets 403 and the invitation stays usable', async () => {
      const [owner, invitee, other] = [await signUp(app), await signUp(app), await signUp(app)];
      const teamId = await createTeam(owner);
      const invitation = await invite(owner, teamId, invitee.email, 'admin');
      const { token } = await invitationMail(invitee.email);

      expectError(await accept(other, token), 403, 'This invitation was sent to another email address: sign in with that address to accept it');
      expectError(await accept(owner, token), 403);
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner' });
      expect(await statusOf(invitation.id)).toBe('pending');

      await accept(invitee, token).expect(200);
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner', [invitee.userId]: 'admin' });
    });

    it('accepting needs a session; the link alone does not join anyone', async () => {
      const [owner, invitee] = [await signUp(app), await signUp(app)];
      const teamId = await createTeam(owner);
      await invite(owner, teamId, invitee.email);
      const { token } = await invitationMail(invitee.email);
      expectError(await api(app).post('/api/invitations/accept').send({ token }), 401, 'Authentication required');
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner' });
    });

    it("the link's holder looks up what it invites to (team, inviter, address, role), and nobody else learns anything", async () => {
      const owner = await signUp(app, { name: 'Ada' });
      const teamId = await createTeam(owner, 'Lookup crew');
      const email = `looked-up-${Date.now()}@example.com`;
      const invitation = await invite(owner, teamId, email, 'admin');
      const { token } = await invitationMail(email);
      const lookup = (body: unknown) => api(app).post('/api/invitations/lookup').send(body as object);

      // No account, no session: the link alone is the key, and the answer names no ids.
      expect((await lookup({ token }).expect(200)).body).toEqual({
        teamName: 'Lookup crew',
        inviter: { name: 'Ada', email: owner.email },
        email,
        role: 'admin',
        expiresAt: invitation.expiresAt,
      });
      // Without the token, or with a made-up or tampered one: 400, and nothing about any invitation.
      const [header, payload] = token.split('.');
      for (const body of [{}, { token: '' }, { token: 'not-a-token' }, { token: `${header}.${payload}.forged` }, { token: 42 }]) {
        const refused = await lookup(body);
        expect(refused.status).toBe(400);
        expect(JSON.stringify(refused.body)).not.toMatch(/Lookup crew|Ada|looked-up/);
      }
      // Looking up changes nothing: the invitation still waits for its answer.
      expect(await statusOf(invitation.id)).toBe('pending');

      // Answered (declined here), the link tells what accept and decline would.
      await decline(token).expect(200);
      expectError(await lookup({ token }), 409, 'This invitation has been declined');
    });

    it('a revoked invitation cannot be used; revoking follows the role rules and answers 404/409 as it should', async () => {
      const { teamId, owner, admin, member } = await teamOfThree();
      const invitee = await signUp(app);
      const invitation = await invite(admin, teamId, invitee.email);
      const { token } = await invitationMail(invitee.email);

      expectError(await api(app, member).delete(`/api/teams/${teamId}/invitations/${invitation.id}`), 403, 'Only owners and admins can revoke invitations');
      await api(app, admin).delete(`/api/teams/${teamId}/invitations/${invitation.id}`).expect(200, { success: true });
      expect(await statusOf(invitation.id)).toBe('revoked');
      expect((await api(app, owner).get(`/api/teams/${teamId}/invitations`).expect(200)).body).toEqual([]);

      expectError(await accept(invitee, token), 410, 'This invitation has been revoked');
      expectError(await decline(token), 410, 'This invitation has been revoked');
      expectError(await api(app).post('/api/invitations/lookup').send({ token }), 410, 'This invitation has been revoked');
      expectError(await api(app, owner).delete(`/api/teams/${teamId}/invitations/${invitation.id}`), 409, 'This invitation is no longer pending (revoked)');
      expectError(await api(app, owner).delete(`/api/teams/${teamId}/invitations/${randomUUID()}`), 404, 'Invitation not found');
      expect(await teamIdsOf(invitee)).toEqual([invitee.teamId]);

      // An invitation to become owner is the owners' to revoke.
      const ownerInvitation = await invite(owner, teamId, `future-owner-${randomUUID()}@example.com`, 'owner');
      expectError(
        await api(app, admin).delete(`/api/teams/${teamId}/invitations/${ownerInvitation.id}`),
        403,
        'Only owners can revoke an invitation to become an owner',
      );
      await api(app, owner).delete(`/api/teams/${teamId}/invitations/${ownerInvitation.id}`).expect(200);
    });

    it('re-inviting an address replaces its pending invitation: the older link stops working', async () => {
      const [owner, invitee] = [await signUp(app), await signUp(app)];
      const teamId = await createTeam(owner);
      const first = await invite(owner, teamId, invitee.email, 'member');
      const second = await invite(owner, teamId, invitee.email.toUpperCase(), 'admin');
      expect(second.id).not.toBe(first.id);
      const [older, newer] = [await invitationMail(invitee.email, 1), await invitationMail(invitee.email, 2)];
      expect(newer.text).toContain('as an admin');

      expect(await statusOf(first.id)).toBe('replaced');
      expect((await api(app, owner).get(`/api/teams/${teamId}/invitations`).expect(200)).body).toEqual([second]);
      expectError(await accept(invitee, older.token), 410, 'This invitation was replaced by a newer one: use the link in the latest mail');
      await accept(invitee, newer.token).expect(200);
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner', [invitee.userId]: 'admin' });
    });

    it('an expired invitation cannot be used, whether its link or its record says so', async () => {
      const [owner, invitee] = [await signUp(app), await signUp(app)];
      const teamId = await createTeam(owner);
      const invitation = await invite(owner, teamId, invitee.email);
      const { token } = await invitationMail(invitee.email);

      // The link's own expiry: the same invitation, signed as it would be once its time is up.
      const [row] = await db.query('SELECT id, jti FROM team_invitations WHERE id = $1', [invitation.id]);
      const expiredLink = await app.get(InvitationTokensService).sign({ id: row.id, jti: row.jti, expiresAt: new Date(Date.now() - 1000) });
      expectError(await accept(invitee, expiredLink), 410, 'This invitation has expired: ask the team for a new one');
      expectError(await decline(expiredLink), 410, 'This invitation has expired: ask the team for a new one');

      // The record's expiry, which the listing follows too.
      await db.query(`UPDATE team_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [invitation.id]);
      expectError(await accept(invitee, token), 410, 'This invitation has expired: ask the team for a new one');
      expect((await api(app, owner).get(`/api/teams/${teamId}/invitations`).expect(200)).body).toEqual([]);
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner' });
      expect(await statusOf(invitation.id)).toBe('pending');

      // A fresh invitation replaces the expired one.
      await invite(owner, teamId, invitee.email);
      await accept(invitee, (await invitationMail(invitee.email, 2)).token).expect(200);
    });

    it('refuses links that are not invitation links: malformed, tampered, another kind of token, another key', async () => {
      const [owner, invitee] = [await signUp(app), await signUp(app)];
      const teamId = await createTeam(owner);
      const invitation = await invite(owner, teamId, invitee.email);
      const { token } = await invitationMail(invitee.email);
      const [row] = await db.query('SELECT jti FROM team_invitations WHERE id = $1', [invitation.id]);
      const claims = { typ: 'team_invitation', sub: invitation.id, jti: row.jti };

      const [header, payload, signature] = token.split('.');
      const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: 4102444800 })).toString('base64url')}.${signature}`;
      const planApproval = await app.get(ApprovalTokensService).signPlanApproval(randomUUID(), 1, invitee.email);
      // Right claims, signed with the approval secret itself rather than the invitation key derived from it.
      const approvalKeySigned = new JwtService({ secret: TEST_ENV.APPROVAL_TOKEN_SECRET }).sign(claims, { expiresIn: 3600 });
      const sessionToken = invitee.token;
      for (const bad of ['not-a-token', `${header}.${payload}.`, tampered, planApproval, approvalKeySigned, sessionToken]) {
        expectError(await accept(invitee, bad), 400, 'This invitation link is invalid');
        expectError(await decline(bad), 400, 'This invitation link is invalid');
      }
      expectError(await accept(invitee, ''), 400, [/^token should not be empty$/]);
      expectError(await decline('x'.repeat(2001)), 400, [/^token must be shorter than or equal to 2000 characters$/]);
      expectError(await api(app, invitee).post('/api/invitations/accept').send({ token, teamId }), 400, [/^teamId: property teamId should not exist$/]);
      const missing = await api(app, invitee).post('/api/invitations/accept').send({});
      expectError(missing, 400);
      expect((missing.body as { message: string[] }).message).toEqual(expect.arrayContaining(['token must be a string', 'token should not be empty']));
      expect((missing.body as { message: string[] }).message).toHaveLength(2);
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner' });
      expect(await statusOf(invitation.id)).toBe('pending');
    });

    it('a link whose team was deleted is gone', async () => {
      const [owner, invitee] = [await signUp(app), await signUp(app)];
      const teamId = await createTeam(owner);
      await invite(owner, teamId, invitee.email);
      const { token } = await invitationMail(invitee.email);
      await db.query('DELETE FROM teams WHERE id = $1', [teamId]);
      expectError(await accept(invitee, token), 410, 'This invitation no longer exists');
    });

    it('only owners and admins invite, only owners invite owners, members are not invited twice', async () => {
      const { teamId, owner, admin, member } = await teamOfThree();
      const before = await db.query('SELECT count(*)::int AS count FROM team_invitations');

      expectError(await api(app, member).post(`/api/teams/${teamId}/members`).send({ email: 'x@example.com', role: 'member' }), 403, 'Only owners and admins can invite members');
      expectError(await api(app, member).get(`/api/teams/${teamId}/invitations`), 403, 'Only owners and admins can see invitations');
      expectError(await api(app, admin).post(`/api/teams/${teamId}/members`).send({ email: 'x@example.com', role: 'owner' }), 403, 'Only owners can invite owners');
      expectError(
        await api(app, owner).post(`/api/teams/${teamId}/invitations`).send({ email: member.email.toUpperCase(), role: 'admin' }),
        409,
        'This user is already a member of the team',
      );
      expectError(await api(app, owner).post(`/api/teams/${teamId}/members`).send({ email: 'x', role: 'boss' }), 400, [
        /^email must be a valid email address$/,
        /^role must be one of: owner, admin, member, viewer$/,
      ]);
      // Quoted local parts pass as email syntax, but name no single mailbox the mailer will send to.
      for (const email of ['"a,b"@example.com', '"a b"@example.com']) {
        const refused = await api(app, owner).post(`/api/teams/${teamId}/members`).send({ email, role: 'member' });
        expectError(refused, 400);
        expect(refused.body.message).toEqual(['email must be a single mailbox, without quotes, commas or spaces']);
      }
      expect(await db.query('SELECT count(*)::int AS count FROM team_invitations')).toEqual(before);

      // Admins invite admins and members; owners invite owners.
      await invite(admin, teamId, `new-admin-${randomUUID()}@example.com`, 'admin');
      await invite(owner, teamId, `new-owner-${randomUUID()}@example.com`, 'owner');
    });

    it('accepting while already a member is a 409 and changes no role', async () => {
      const { teamId, owner, member } = await teamOfThree();
      // Invited while not a member, then joined by an earlier link.
      const outsider = await signUp(app);
      await invite(owner, teamId, outsider.email, 'admin');
      const first = await invitationMail(outsider.email);
      await db.query('INSERT INTO memberships (team_id, user_id, role) VALUES ($1, $2, $3)', [teamId, outsider.userId, 'member']);
      expectError(await accept(outsider, first.token), 409, 'You are already a member of this team');
      expect((await rolesIn(teamId))[outsider.userId]).toBe('member');
      expect((await rolesIn(teamId))[member.userId]).toBe('member');
    });
  });

  describe('roles, removal and leaving', () => {
    it('owners and admins change roles; only owners make or unmake owners; members change none', async () => {
      const { teamId, owner, admin, member } = await teamOfThree();
      const patch = (caller: Caller, userId: string, role: Role) => api(app, caller).patch(`/api/teams/${teamId}/members/${userId}`).send({ role });

      expectError(await patch(member, member.userId, 'admin'), 403, 'Only owners and admins can change roles');
      expectError(await patch(admin, owner.userId, 'member'), 403, 'Only owners can make or unmake owners');
      expectError(await patch(admin, member.userId, 'owner'), 403, 'Only owners can make or unmake owners');
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner', [admin.userId]: 'admin', [member.userId]: 'member' });

      const promoted = await patch(admin, member.userId, 'admin');
      expect(promoted.status).toBe(200);
      expect(promoted.body).toEqual({ userId: member.userId, email: member.email, name: 'Member', role: 'admin', joinedAt: expect.any(String) });
      await patch(owner, admin.userId, 'owner').expect(200);
      await patch(admin, owner.userId, 'member').expect(200);
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'member', [admin.userId]: 'owner', [member.userId]: 'admin' });

      // A role takes effect at once: the demoted owner can no longer invite, the promoted member can.
      expectError(await api(app, owner).post(`/api/teams/${teamId}/invitations`).send({ email: 'a@example.com', role: 'member' }), 403);
      await invite(member, teamId, `by-new-admin-${randomUUID()}@example.com`);

      expectError(await patch(admin, member.userId, 'boss' as Role), 400, [/^role must be one of: owner, admin, member, viewer$/]);
      expectError(await api(app, admin).patch(`/api/teams/${teamId}/members/${member.userId}`).send({}), 400, [/^role must be one of/]);
    });

    it('never leaves a team without an owner: the last owner can be neither demoted nor leave', async () => {
      const { teamId, owner, admin } = await teamOfThree();
      expectError(
        await api(app, owner).patch(`/api/teams/${teamId}/members/${owner.userId}`).send({ role: 'admin' }),
        409,
        'A team needs an owner: make another member an owner first',
      );
      expectError(await api(app, owner).post(`/api/teams/${teamId}/leave`), 409, 'You are the last owner of this team: make another member an owner first');
      expectError(await api(app, owner).delete(`/api/teams/${teamId}/members/${owner.userId}`), 409, 'You are the last owner of this team: make another member an owner first');
      expect((await rolesIn(teamId))[owner.userId]).toBe('owner');

      // With a second owner, either may step down or leave, but not both.
      await api(app, owner).patch(`/api/teams/${teamId}/members/${admin.userId}`).send({ role: 'owner' }).expect(200);
      await api(app, owner).patch(`/api/teams/${teamId}/members/${owner.userId}`).send({ role: 'admin' }).expect(200);
      expectError(await api(app, admin).post(`/api/teams/${teamId}/leave`), 409, 'You are the last owner of this team: make another member an owner first');
    });

    it('two owners leaving at once leave one owner', async () => {
      const { teamId, owner, admin } = await teamOfThree();
      await api(app, owner).patch(`/api/teams/${teamId}/members/${admin.userId}`).send({ role: 'owner' }).expect(200);
      const results = await Promise.all([owner, admin].map((caller) => api(app, caller).post(`/api/teams/${teamId}/leave`)));
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      expect(Object.values(await rolesIn(teamId)).filter((role) => role === 'owner')).toHaveLength(1);
    });

    it('owners and admins remove members; only owners remove owners; members remove nobody', async () => {
      const { teamId, owner, admin, member } = await teamOfThree();
      const remove = (caller: Caller, userId: string) => api(app, caller).delete(`/api/teams/${teamId}/members/${userId}`);

      expectError(await remove(member, admin.userId), 403, 'Only owners and admins can remove members');
      expectError(await remove(admin, owner.userId), 403, 'Only owners can remove owners');
      expectError(await remove(admin, randomUUID()), 404, 'Member not found');
      await remove(admin, member.userId).expect(200, { success: true });
      expect(await teamIdsOf(member)).toEqual([member.teamId]);
      expectError(await remove(admin, member.userId), 404, 'Member not found');
      await remove(owner, admin.userId).expect(200);
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner' });

      // Removed is not banned: a new invitation lets them back in.
      await joinTeam(app, owner, teamId, member, 'member');
      expect((await rolesIn(teamId))[member.userId]).toBe('member');
    });

    it('anyone may leave; the calling session moves to the first team if it was working in the one left', async () => {
      const { teamId, admin, member } = await teamOfThree();
      await api(app, member).post(`/api/teams/${teamId}/activate`).expect(200);
      const left = await api(app, member).post(`/api/teams/${teamId}/leave`);
      expect(left.status).toBe(200);
      expect(left.body).toEqual({ activeTeam: expect.objectContaining({ id: member.teamId, role: 'owner' }) });
      expect((await api(app, member).get('/api/auth/me').expect(200)).body.activeTeam.id).toBe(member.teamId);
      expect(await teamIdsOf(member)).toEqual([member.teamId]);
      expectError(await api(app, member).post(`/api/teams/${teamId}/leave`), 404, 'Team not found');

      // Removing yourself is leaving; a session working in another team stays there.
      await api(app, admin).delete(`/api/teams/${teamId}/members/${admin.userId}`).expect(200, { success: true });
      expect((await api(app, admin).get('/api/auth/me').expect(200)).body.activeTeam.id).toBe(admin.teamId);
      expect(await teamIdsOf(admin)).toEqual([admin.teamId]);
    });

    it('nobody leaves their only team: the account could no longer sign in', async () => {
      const { teamId, owner, member } = await teamOfThree();
      // The member hands their personal team to the owner and leaves it: the shared team is their only one.
      await joinTeam(app, member, member.teamId, owner, 'owner');
      const left = await api(app, member).post(`/api/teams/${member.teamId}/leave`).expect(200);
      expect(left.body.activeTeam).toMatchObject({ id: teamId, role: 'member' });
      expectError(await api(app, member).post(`/api/teams/${teamId}/leave`), 409, 'You cannot leave your only team');
      expectError(await api(app, member).delete(`/api/teams/${teamId}/members/${member.userId}`), 409, 'You cannot leave your only team');
      expect(await teamIdsOf(member)).toEqual([teamId]);
    });

    it("another team's members and invitations are 404; malformed ids 400; nothing changes", async () => {
      const { teamId, owner, admin, member } = await teamOfThree();
      const invitation = await invite(owner, teamId, `pending-${randomUUID()}@example.com`);
      const outsider = await signUp(app);
      const attempts: [string, 'get' | 'post' | 'patch' | 'delete', string, object?][] = [
        ['Team not found', 'patch', `/api/teams/${teamId}/members/${member.userId}`, { role: 'admin' }],
        ['Team not found', 'delete', `/api/teams/${teamId}/members/${member.userId}`],
        ['Team not found', 'post', `/api/teams/${teamId}/leave`],
        ['Team not found', 'post', `/api/teams/${teamId}/members`, { email: outsider.email, role: 'owner' }],
        ['Team not found', 'post', `/api/teams/${teamId}/invitations`, { email: outsider.email, role: 'owner' }],
        ['Team not found', 'get', `/api/teams/${teamId}/invitations`],
        ['Team not found', 'delete', `/api/teams/${teamId}/invitations/${invitation.id}`],
        // The outsider's own team, naming someone else's member or invitation.
        ['Member not found', 'patch', `/api/teams/${outsider.teamId}/members/${member.userId}`, { role: 'admin' }],
        ['Member not found', 'delete', `/api/teams/${outsider.teamId}/members/${member.userId}`],
        ['Invitation not found', 'delete', `/api/teams/${outsider.teamId}/invitations/${invitation.id}`],
      ];
      for (const [message, method, path, body] of attempts) expectError(await api(app, outsider)[method](path).send(body), 404, message);
      for (const [method, path] of [
        ['patch', `/api/teams/${teamId}/members/not-a-uuid`],
        ['delete', `/api/teams/not-a-uuid/members/${member.userId}`],
        ['post', '/api/teams/not-a-uuid/leave'],
        ['delete', `/api/teams/${teamId}/invitations/not-a-uuid`],
      ] as const) {
        expectError(await api(app, owner)[method](path).send({ role: 'admin' }), 400, /uuid is expected/);
      }
      expect(await rolesIn(teamId)).toEqual({ [owner.userId]: 'owner', [admin.userId]: 'admin', [member.userId]: 'member' });
      expect(await statusOf(invitation.id)).toBe('pending');
    });

    it.each([
      ['post', '/api/teams/6f9619ff-8b86-4d11-b42d-00c04fc964ff/invitations'],
      ['get', '/api/teams/6f9619ff-8b86-4d11-b42d-00c04fc964ff/invitations'],
      ['delete', '/api/teams/6f9619ff-8b86-4d11-b42d-00c04fc964ff/invitations/6f9619ff-8b86-4d11-b42d-00c04fc964ff'],
      ['patch', '/api/teams/6f9619ff-8b86-4d11-b42d-00c04fc964ff/members/6f9619ff-8b86-4d11-b42d-00c04fc964ff'],
      ['delete', '/api/teams/6f9619ff-8b86-4d11-b42d-00c04fc964ff/members/6f9619ff-8b86-4d11-b42d-00c04fc964ff'],
      ['post', '/api/teams/6f9619ff-8b86-4d11-b42d-00c04fc964ff/leave'],
      ['post', '/api/invitations/accept'],
    ] as const)('%s %s answers 401 without credentials', async (method, path) => {
      expectError(await api(app)[method](path), 401, 'Authentication required');
    });
  });

  describe("the member's sessions follow at once", () => {
    it("a role change reaches resolved sessions; a removal ends the member's sessions and tokens in that team, and only those", async () => {
      const { teamId, owner, member } = await teamOfThree();
      const login = async (): Promise<Caller> => ({
        token: (await api(app).post('/api/auth/login').send({ email: member.email, password: member.password }).expect(200)).body.accessToken as string,
      });
      // Two browser sessions working in the team, an API token bound to it, and a session in the personal team.
      const [first, second, personal] = [member as Caller, await login(), await login()];
      for (const session of [first, second]) await api(app, session).post(`/api/teams/${teamId}/activate`).expect(200);
      const script = { token: (await api(app, second).post('/api/auth/tokens').send({ name: 'script' }).expect(201)).body.token as string };
      const inTeam = [first, second, script];
      const cache = app.get(SessionCache);
      const cachedRole = (session: Caller) => cache.get(sessionIdOf(session.token))?.context.role;
      for (const session of [...inTeam, personal]) await api(app, session).get('/api/auth/me').expect(200);
      expect(inTeam.map(cachedRole)).toEqual(['member', 'member', 'member']);

      await api(app, owner).patch(`/api/teams/${teamId}/members/${member.userId}`).send({ role: 'admin' }).expect(200);
      // No resolved session keeps the old role; the next request resolves the new one.
      expect(inTeam.map(cachedRole)).not.toContain('member');
      for (const session of inTeam) await api(app, session).get('/api/auth/me').expect(200);
      expect(inTeam.map(cachedRole)).toEqual(['admin', 'admin', 'admin']);
      await invite(second, teamId, `by-promoted-${randomUUID()}@example.com`);

      await api(app, owner).delete(`/api/teams/${teamId}/members/${member.userId}`).expect(200);
      for (const session of inTeam) expectError(await api(app, session).get('/api/auth/me'), 401, 'Authentication required');
      const stillSignedIn = await api(app, personal).get('/api/auth/me').expect(200);
      expect(stillSignedIn.body.activeTeam.id).toBe(member.teamId);
      expect(stillSignedIn.body.teams.map((team: { id: string }) => team.id)).toEqual([member.teamId]);

      // Ended, not suspended: joining again does not bring those sessions back.
      await joinTeam(app, owner, teamId, { ...member, token: personal.token });
      for (const session of inTeam) expectError(await api(app, session).get('/api/auth/me'), 401, 'Authentication required');
    });
  });

  describe('configuration', () => {
    it('INVITATION_TTL_HOURS sets the lifetime of invitations (1 to 2160 hours)', () => {
      const env = { ...TEST_ENV, DATABASE_URL: process.env.DATABASE_URL };
      expect(loadConfiguration({ ...env, INVITATION_TTL_HOURS: '2' }).auth.invitationTtlSeconds).toBe(7200);
      expect(loadConfiguration(env).auth.invitationTtlSeconds).toBe(7 * 24 * 3600);
      for (const bad of ['0', '2161', 'soon']) expect(() => loadConfiguration({ ...env, INVITATION_TTL_HOURS: bad })).toThrow(/INVITATION_TTL_HOURS/);
    });
  });
});

/** An invitation as listed: the invite's answer without `mailed`, which only says what that request did. */
function withoutMailed(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'mailed'));
}
