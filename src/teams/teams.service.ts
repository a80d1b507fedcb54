import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { type AuditContext, SYSTEM_AUDIT } from '../audit-events/audit-context.js';
import { AuditService } from '../audit-events/audit.service.js';
import { WebhookOutboxService } from '../webhook-events/webhook-outbox.service.js';
import { SessionCache } from './auth/session-cache.js';
import { SessionsService } from './auth/sessions.service.js';
import type { TeamContext } from './auth/team-context.js';
import { Membership, type Role } from './entities/membership.entity.js';
import { Team } from './entities/team.entity.js';
import { User } from './entities/user.entity.js';
import { lockTeamFor, requireManager, requireOwner } from './membership-rules.js';
import { requireMayActOn } from './permissions/permissions.js';
import type { Plan } from '../config/plans.js';
import { PlanQuotaService } from './rate-limit/plan-quota.service.js';
import type { LeaveTeamResponse, MemberResponse, TeamPlanResponse, TeamResponse } from './teams.response.js';

interface TeamRow {
  id: string;
  name: string;
  plan: Plan;
  role: Role;
  createdAt: Date;
}

@Injectable()
export class TeamsService {
  constructor(
    @InjectRepository(Team) private readonly teams: Repository<Team>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
    private readonly sessions: SessionsService,
    private readonly sessionCache: SessionCache,
    private readonly quotas: PlanQuotaService,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookOutboxService,
  ) {}

  /** Creates a team owned by the user; runs inside the caller's transaction when given one. */
  async createOwned(userId: string, name: string, manager: EntityManager = this.teams.manager): Promise<TeamResponse> {
    const team = await manager.save(manager.create(Team, { name }));
    const membership = await manager.save(manager.create(Membership, { teamId: team.id, userId, role: 'owner' }));
    return map({ ...team, role: membership.role });
  }

  /**
   * POST /api/teams: a new team owned by the user, within the number of teams a user may own
   * (each has its own plan limits: without a cap, more teams would mean more of everything).
   * Serialized per user, so concurrent requests cannot pass the cap together.
   */
  createForUser(userId: string, name: string, audit: AuditContext): Promise<TeamResponse> {
    return this.teams.manager.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('teams-of:' || $1, 0))`, [userId]);
      const [{ owned }] = await manager.query<{ owned: number }[]>(
        `SELECT count(*)::int AS owned FROM memberships WHERE user_id = $1 AND role = 'owner'`,
        [userId],
      );
      if (owned >= this.quotas.teamsPerUser) throw new ForbiddenException(`You own ${owned} teams, the most a user may own; leave or hand one over first`);
      const team = await this.createOwned(userId, name, manager);
      await this.audit.record(manager, audit, { teamId: team.id, action: 'team.created', target: { type: 'team', id: team.id }, changes: { name } });
      return team;
    });
  }

  /** The team's plan, for work that comes from no request (a schedule); null when the team is gone. */
  async planOf(teamId: string): Promise<Plan | null> {
    const team = await this.teams.findOne({ where: { id: teamId }, select: { id: true, plan: true } });
    return team?.plan ?? null;
  }

  /** The user's teams, oldest membership first (the first is the personal team). */
  async listForUser(userId: string): Promise<TeamResponse[]> {
    const rows = await this.teamRows(userId).orderBy('m.created_at', 'ASC').getRawMany<TeamRow>();
    return rows.map(map);
  }

  async getForUser(userId: string, teamId: string): Promise<TeamResponse> {
    const row = await this.teamRows(userId).andWhere('t.id = :teamId', { teamId }).getRawOne<TeamRow>();
    if (!row) throw new NotFoundException('Team not found');
    return map(row);
  }

  /** GET /api/teams/:id/plan: for any member of the team. */
  async planLimits(userId: string, teamId: string): Promise<TeamPlanResponse> {
    const { plan } = await this.getForUser(userId, teamId);
    return { plan, limits: this.quotas.limitsOf(plan) };
  }

  async activate(context: TeamContext, teamId: string): Promise<TeamResponse> {
    const team = await this.getForUser(context.userId, teamId);
    await this.sessions.setActiveTeam(context.sessionId, team.id);
    return team;
  }

  /** Owners and admins remove members; only owners remove owners. Removing yourself is leaving. */
  async removeMember(context: TeamContext, teamId: string, userId: string, audit: AuditContext): Promise<void> {
    if (userId === context.userId) {
      await this.leave(context, teamId, audit);
      return;
    }
    await this.memberships.manager.transaction(async (manager) => {
      const caller = await lockTeamFor(manager, teamId, context.userId);
      const target = await memberOf(manager, teamId, userId);
      requireMayActOn(caller, 'team.members.remove', userId);
      if (target.role === 'owner') requireOwner(caller, 'Only owners can remove owners');
      await manager.delete(Membership, { teamId, userId });
      await this.audit.record(manager, audit, { teamId, action: 'member.removed', target: { type: 'user', id: userId }, changes: { role: { before: target.role, after: null } } });
      await this.webhooks.emit(manager, teamId, 'member.removed', { userId, role: target.role, left: false });
    });
    await this.sessions.revokeInTeam(userId, teamId);
  }

  /** Owners and admins change roles; only owners make or unmake owners; a team always keeps one. */
  async changeRole(context: TeamContext, teamId: string, userId: string, role: Role, audit: AuditContext): Promise<MemberResponse> {
    await this.memberships.manager.transaction(async (manager) => {
      const caller = await lockTeamFor(manager, teamId, context.userId);
      requireManager(caller, 'Only owners and admins can change roles');
      const target = await memberOf(manager, teamId, userId);
      if (role === 'owner' || target.role === 'owner') requireOwner(caller, 'Only owners can make or unmake owners');
      if (target.role === 'owner' && role !== 'owner') await requireAnotherOwner(manager, teamId, 'A team needs an owner: make another member an owner first');
      await manager.update(Membership, { teamId, userId }, { role });
      if (target.role !== role) {
        await this.audit.record(manager, audit, { teamId, action: 'member.role_changed', target: { type: 'user', id: userId }, changes: { role: { before: target.role, after: role } } });
      }
    });
    // Resolved sessions carry the role: every instance drops the team's at once.
    await this.sessionCache.announce({ team: teamId });
    const [member] = await this.memberRows(teamId, userId);
    if (!member) throw new NotFoundException('Member not found');
    return member;
  }

  /**
   * Leaves a team. Its last owner cannot (the team would have nobody to manage it), nor can anyone
   * leave their only team (they could no longer sign in). The calling session moves to the user's
   * first remaining team when it was working in this one; their other sessions there end.
   */
  async leave(context: TeamContext, teamId: string, audit: AuditContext): Promise<LeaveTeamResponse> {
    await this.memberships.manager.transaction(async (manager) => {
      const caller = await lockTeamFor(manager, teamId, context.userId);
      if (caller.role === 'owner') await requireAnotherOwner(manager, teamId, 'You are the last owner of this team: make another member an owner first');
      // Locks the user's memberships, so that leaving two teams at once cannot leave them with none.
      const teams = await manager.query<unknown[]>('SELECT team_id FROM memberships WHERE user_id = $1 FOR UPDATE', [context.userId]);
      if (teams.length <= 1) throw new ConflictException('You cannot leave your only team');
      await manager.delete(Membership, { teamId, userId: context.userId });
      await this.audit.record(manager, audit, { teamId, action: 'member.left', target: { type: 'user', id: context.userId }, changes: { role: { before: caller.role, after: null } } });
      await this.webhooks.emit(manager, teamId, 'member.removed', { userId: context.userId, role: caller.role, left: true });
    });
    const teams = await this.listForUser(context.userId);
    const activeTeam = teams.find((team) => team.id === context.teamId) ?? teams[0];
    if (activeTeam.id !== context.teamId) await this.sessions.setActiveTeam(context.sessionId, activeTeam.id);
    await this.sessions.revokeInTeam(context.userId, teamId);
    return { activeTeam };
  }

  async listMembers(userId: string, teamId: string): Promise<MemberResponse[]> {
    await this.getForUser(userId, teamId);
    return this.memberRows(teamId);
  }

  /** The user's email; null when the account is gone. */
  async emailOf(userId: string): Promise<string | null> {
    const [row] = await this.memberships.query<{ email: string }[]>('SELECT email FROM users WHERE id = $1', [userId]);
    return row?.email ?? null;
  }

  /** The id of the team's member with this email, or null when none: an approval link mailed to it acts only while there is one. */
  async memberWithEmail(teamId: string, email: string): Promise<string | null> {
    const [row] = await this.memberships.query<{ id: string }[]>(
      'SELECT u.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 AND u.email = $2',
      [teamId, email],
    );
    return row?.id ?? null;
  }

  /**
   * Where the team's approval links go: to `userId` while they are a member of the team, else to
   * its first owner, so that the team's plans and outputs never reach someone who left it. Null
   * when the team is gone.
   */
  async approverEmail(teamId: string, userId: string | null): Promise<string | null> {
    const [row] = await this.memberships.query<{ email: string }[]>(
      `SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.team_id = $1 AND (m.user_id = $2::uuid OR m.role = 'owner')
        ORDER BY coalesce(m.user_id = $2::uuid, false) DESC, m.created_at, m.user_id
        LIMIT 1`,
      [teamId, userId],
    );
    return row?.email ?? null;
  }

  /** The emails of the team's owners and admins, longest-standing first: where an escalated approval goes. */
  async adminEmails(teamId: string): Promise<string[]> {
    const rows = await this.memberships.query<{ email: string }[]>(
      `SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.team_id = $1 AND m.role IN ('owner', 'admin') AND u.deactivated_at IS NULL ORDER BY m.created_at, m.user_id`,
      [teamId],
    );
    return rows.map((row) => row.email);
  }

  /** Operator-only (CLI): plans never change through the API; recorded as the system's act. */
  async setPlan(teamId: string, plan: Plan): Promise<Team> {
    const saved = await this.teams.manager.transaction(async (manager) => {
      const team = await manager.findOne(Team, { where: { id: teamId }, lock: { mode: 'pessimistic_write' } });
      if (!team) throw new NotFoundException(`Team ${teamId} not found`);
      const before = team.plan;
      team.plan = plan;
      await manager.save(team);
      await this.audit.record(manager, SYSTEM_AUDIT, { teamId, action: 'team.plan_changed', target: { type: 'team', id: teamId }, changes: { plan: { before, after: plan } } });
      return team;
    });
    // Resolved sessions carry the plan (it sets the rate limit): every instance drops them.
    await this.sessionCache.announce({ team: teamId });
    return saved;
  }

  /** The team's members, longest-standing first; or the one member `userId`. */
  private async memberRows(teamId: string, userId?: string): Promise<MemberResponse[]> {
    const query = this.memberships
      .createQueryBuilder('m')
      .innerJoin(User, 'u', 'u.id = m.user_id')
      .select(['u.id AS "userId"', 'u.email AS email', 'u.name AS name', 'm.role AS role', 'm.created_at AS "joinedAt"'])
      .where('m.team_id = :teamId', { teamId })
      .orderBy('m.created_at', 'ASC');
    if (userId) query.andWhere('m.user_id = :userId', { userId });
    const rows = await query.getRawMany<Omit<MemberResponse, 'joinedAt'> & { joinedAt: Date }>();
    return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
  }

  private teamRows(userId: string) {
    return this.teams
      .createQueryBuilder('t')
      .innerJoin(Membership, 'm', 'm.team_id = t.id AND m.user_id = :userId', { userId })
      .select(['t.id AS id', 't.name AS name', 't.plan AS plan', 'm.role AS role', 't.created_at AS "createdAt"']);
  }
}

async function memberOf(manager: EntityManager, teamId: string, userId: string): Promise<Membership> {
  const member = await manager.findOneBy(Membership, { teamId, userId });
  if (!member) throw new NotFoundException('Member not found');
  return member;
}

async function requireAnotherOwner(manager: EntityManager, teamId: string, message: string): Promise<void> {
  const owners = await manager.countBy(Membership, { teamId, role: 'owner' });
  if (owners <= 1) throw new ConflictException(message);
}

function map(row: TeamRow): TeamResponse {
  return { id: row.id, name: row.name, plan: row.plan, role: row.role, createdAt: row.createdAt.toISOString() };
}
