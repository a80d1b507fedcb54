import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { SessionCache } from './auth/session-cache.js';
import { SessionsService } from './auth/sessions.service.js';
import type { TeamContext } from './auth/team-context.js';
import type { AddMemberDto } from './dto/add-member.dto.js';
import { Membership, type Role } from './entities/membership.entity.js';
import { Team } from './entities/team.entity.js';
import { User } from './entities/user.entity.js';
import type { Plan } from './plans.js';
import type { MemberResponse, TeamResponse } from './teams.response.js';

interface TeamRow {
  id: string;
  name: string;
  plan: Plan;
  role: Role;
  createdAt: Date;
}

const MANAGERS: readonly Role[] = ['owner', 'admin'];

@Injectable()
export class TeamsService {
  constructor(
    @InjectRepository(Team) private readonly teams: Repository<Team>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sessions: SessionsService,
    private readonly sessionCache: SessionCache,
  ) {}

  /** Creates a team owned by the user; runs inside the caller's transaction when given one. */
  async createOwned(userId: string, name: string, manager: EntityManager = this.teams.manager): Promise<TeamResponse> {
    const team = await manager.save(manager.create(Team, { name }));
    const membership = await manager.save(manager.create(Membership, { teamId: team.id, userId, role: 'owner' }));
    return map({ ...team, role: membership.role });
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

  async activate(context: TeamContext, teamId: string): Promise<TeamResponse> {
    const team = await this.getForUser(context.userId, teamId);
    await this.sessions.setActiveTeam(context.sessionId, team.id);
    return team;
  }

  async addMember(context: TeamContext, teamId: string, dto: AddMemberDto): Promise<MemberResponse> {
    const team = await this.getForUser(context.userId, teamId);
    if (!MANAGERS.includes(team.role)) throw new ForbiddenException('Only owners and admins can add members');
    if (dto.role === 'owner' && team.role !== 'owner') throw new ForbiddenException('Only owners can add owners');
    const user = await this.users.findOneBy({ email: dto.email });
    if (!user) throw new NotFoundException('No user with this email address');
    const existing = await this.memberships.existsBy({ teamId, userId: user.id });
    if (existing) throw new ConflictException('This user is already a member of the team');
    const membership = await this.memberships.save(this.memberships.create({ teamId, userId: user.id, role: dto.role }));
    return { userId: user.id, email: user.email, name: user.name, role: membership.role, joinedAt: membership.createdAt.toISOString() };
  }

  async listMembers(userId: string, teamId: string): Promise<MemberResponse[]> {
    await this.getForUser(userId, teamId);
    const rows = await this.memberships
      .createQueryBuilder('m')
      .innerJoin(User, 'u', 'u.id = m.user_id')
      .select(['u.id AS "userId"', 'u.email AS email', 'u.name AS name', 'm.role AS role', 'm.created_at AS "joinedAt"'])
      .where('m.team_id = :teamId', { teamId })
      .orderBy('m.created_at', 'ASC')
      .getRawMany<Omit<MemberResponse, 'joinedAt'> & { joinedAt: Date }>();
    return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
  }

  /** Where mail for a user goes (approval links); null when the account is gone. */
  async emailOf(userId: string): Promise<string | null> {
    const user = await this.users.findOneBy({ id: userId });
    return user?.email ?? null;
  }

  /** Operator-only (CLI): plans never change through the API. */
  async setPlan(teamId: string, plan: Plan): Promise<Team> {
    const team = await this.teams.findOneBy({ id: teamId });
    if (!team) throw new NotFoundException(`Team ${teamId} not found`);
    team.plan = plan;
    const saved = await this.teams.save(team);
    // Resolved sessions carry the plan (it sets the rate limit): every instance drops them.
    await this.sessionCache.announce({ team: teamId });
    return saved;
  }

  private teamRows(userId: string) {
    return this.teams
      .createQueryBuilder('t')
      .innerJoin(Membership, 'm', 'm.team_id = t.id AND m.user_id = :userId', { userId })
      .select(['t.id AS id', 't.name AS name', 't.plan AS plan', 'm.role AS role', 't.created_at AS "createdAt"']);
  }
}

function map(row: TeamRow): TeamResponse {
  return { id: row.id, name: row.name, plan: row.plan, role: row.role, createdAt: row.createdAt.toISOString() };
}
