import { randomUUID } from 'node:crypto';
import { ConflictException, ForbiddenException, GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Raw, Repository } from 'typeorm';
import type { AuditContext } from '../../audit-events/audit-context.js';
import { AuditService } from '../../audit-events/audit.service.js';
import { WebhookOutboxService } from '../../webhook-events/webhook-outbox.service.js';
import type { AppConfig } from '../../config/configuration.js';
import { DatabaseClock } from '../../database/database-clock.js';
import { TooManyRequestsException } from '../../http/too-many-requests.exception.js';
import { MailService } from '../../mail/mail.service.js';
import { unverifiedException } from '../auth/email-verification/email-verification.service.js';
import type { TeamContext } from '../auth/team-context.js';
import type { InviteMemberDto } from '../dto/invite-member.dto.js';
import { Membership } from '../entities/membership.entity.js';
import { type InvitationStatus, TeamInvitation } from '../entities/team-invitation.entity.js';
import { Team } from '../entities/team.entity.js';
import { User } from '../entities/user.entity.js';
import { lockTeamFor, MANAGERS, requireManager, requireOwner } from '../membership-rules.js';
import { PlanQuotaService } from '../rate-limit/plan-quota.service.js';
import type { TeamResponse } from '../teams.response.js';
import { TeamsService } from '../teams.service.js';
import { renderInvitationMail } from './invitation-mail.js';
import { INVITATION_EXPIRED, InvitationTokensService } from './invitation-tokens.service.js';
import type { InvitationLinkResponse, InvitationResponse, SentInvitationResponse } from './invitations.response.js';

/**
 * Team invitations: owners and admins invite an address with a role, the link goes out by mail,
 * and only the account with that address joins, by accepting. A new invitation to the same
 * address replaces the pending one. Mail is limited (#28): a quota per team and per inviter, and
 * one mail per address and team per interval; a re-invite within it changes the pending
 * invitation in place and mails nothing, so the link already mailed stays the one to use.
 */
@Injectable()
export class InvitationsService {
  private readonly ttlSeconds: number;
  private readonly frontendUrl: string;

  constructor(
    @InjectRepository(TeamInvitation) private readonly invitations: Repository<TeamInvitation>,
    private readonly teams: TeamsService,
    private readonly tokens: InvitationTokensService,
    private readonly mail: MailService,
    private readonly quotas: PlanQuotaService,
    private readonly databaseClock: DatabaseClock,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookOutboxService,
    config: ConfigService<AppConfig, true>,
  ) {
    this.ttlSeconds = config.get('auth', { infer: true }).invitationTtlSeconds;
    this.frontendUrl = config.get('app', { infer: true }).frontendUrl;
  }

  async invite(context: TeamContext, teamId: string, dto: InviteMemberDto, audit: AuditContext): Promise<SentInvitationResponse> {
    if (!context.emailVerified) throw unverifiedException('Verify your email address before inviting anyone: open the link we mailed you');
    const { invitation, mailed } = await this.invitations.manager.transaction(async (manager) => {
      const caller = await lockTeamFor(manager, teamId, context.userId);
      requireManager(caller, 'Only owners and admins can invite members');
      if (dto.role === 'owner') requireOwner(caller, 'Only owners can invite owners');
      const isMember = await manager
        .createQueryBuilder(Membership, 'm')
        .innerJoin(User, 'u', 'u.id = m.user_id')
        .where('m.team_id = :teamId AND lower(u.email) = :email', { teamId, email: dto.email })
        .getExists();
      if (isMember) throw new ConflictException('This user is already a member of the team');
      // The database's time: rows written on any instance are compared with it.
      const now = await this.databaseClock.now(manager);
      // Every invitation row was mailed when it was made, and nothing else mails one: the newest
      // row's creation is the last mail to this address from this team (the team row is locked).
      const last = await manager.findOne(TeamInvitation, { where: { teamId, email: dto.email }, order: { createdAt: 'DESC' } });
      const intervalMs = this.quotas.invitationMailIntervalSeconds * 1000;
      const nextMailAt = last ? last.createdAt.getTime() + intervalMs : 0;
      if (last && nextMailAt > now.getTime()) {
        if (last.status === 'pending' && last.expiresAt > now) {
          await this.audit.record(manager, audit, {
            teamId,
            action: 'invitation.changed',
            target: { type: 'invitation', id: last.id },
            changes: { email: last.email, role: { before: last.role, after: dto.role } },
          });
          last.role = dto.role;
          await manager.update(TeamInvitation, { id: last.id }, { role: dto.role });
          return { invitation: last, mailed: false };
        }
        const seconds = Math.ceil((nextMailAt - now.getTime()) / 1000);
        throw new TooManyRequestsException(
          `An invitation was mailed to this address less than ${describeInterval(intervalMs)} ago; try again in ${seconds} s`,
          seconds,
        );
      }
      await this.quotas.takeInvitation(teamId, context.userId);
      await manager.update(TeamInvitation, { teamId, email: dto.email, status: 'pending' }, { status: 'replaced', closedAt: now, closedBy: context.userId });
      const created = await manager.save(
        manager.create(TeamInvitation, {
          teamId,
          email: dto.email,
          role: dto.role,
          invitedBy: context.userId,
          jti: randomUUID(),
          createdAt: now,
          expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000),
        }),
      );
      await this.audit.record(manager, audit, {
        teamId,
        action: 'invitation.sent',
        target: { type: 'invitation', id: created.id },
        changes: { email: created.email, role: created.role },
      });
      return { invitation: created, mailed: true };
    });
    if (mailed) await this.mailInvitation(invitation);
    return { ...toResponse(invitation), mailed };
  }

  /** Whether some team has a pending, unexpired invitation for `email` (lower-cased): SIGNUP=invite lets it register. */
  isInvited(email: string, manager: EntityManager = this.invitations.manager): Promise<boolean> {
    return manager.existsBy(TeamInvitation, { email, status: 'pending', expiresAt: Raw((column) => `${column} > now()`) });
  }

  /** Pending invitations that can still be accepted, newest first; owners and admins only. */
  async listPending(context: TeamContext, teamId: string): Promise<InvitationResponse[]> {
    const team = await this.teams.getForUser(context.userId, teamId);
    if (!MANAGERS.includes(team.role)) throw new ForbiddenException('Only owners and admins can see invitations');
    const pending = await this.invitations.find({
      where: { teamId, status: 'pending', expiresAt: Raw((column) => `${column} > now()`) },
      order: { createdAt: 'DESC' },
    });
    return pending.map(toResponse);
  }

  async revoke(context: TeamContext, teamId: string, invitationId: string, audit: AuditContext): Promise<void> {
    await this.invitations.manager.transaction(async (manager) => {
      const caller = await lockTeamFor(manager, teamId, context.userId);
      requireManager(caller, 'Only owners and admins can revoke invitations');
      const invitation = await manager.findOne(TeamInvitation, { where: { id: invitationId, teamId }, lock: { mode: 'pessimistic_write' } });
      if (!invitation) throw new NotFoundException('Invitation not found');
      if (invitation.role === 'owner') requireOwner(caller, 'Only owners can revoke an invitation to become an owner');
      if (invitation.status !== 'pending') throw new ConflictException(`This invitation is no longer pending (${invitation.status})`);
      await close(manager, invitation, 'revoked', context.userId);
      await this.audit.record(manager, audit, {
        teamId,
        action: 'invitation.revoked',
        target: { type: 'invitation', id: invitation.id },
        changes: { email: invitation.email, role: invitation.role },
      });
    });
  }

  /** Joins the team the link invites to, as the signed-in user, whose address must be the invited one. */
  async accept(context: TeamContext, token: string, audit: AuditContext): Promise<TeamResponse> {
    // Before the link is read: an unverified account learns nothing about the invitation.
    if (!context.emailVerified) throw unverifiedException('Verify your email address before accepting an invitation: open the link we mailed you');
    const claims = await this.tokens.verify(token);
    const teamId = await this.invitations.manager.transaction(async (manager) => {
      const invitation = await this.findInvitation(manager, claims.sub, claims.jti, true);
      const user = await manager.findOneByOrFail(User, { id: context.userId });
      // Checked first, so that someone else holding the link learns nothing about its state.
      if (user.email.toLowerCase() !== invitation.email) {
        throw new ForbiddenException('This invitation was sent to another email address: sign in with that address to accept it');
      }
      requirePending(invitation, await this.databaseClock.now(manager));
      if (await manager.existsBy(Membership, { teamId: invitation.teamId, userId: user.id })) {
        throw new ConflictException('You are already a member of this team');
      }
      await manager.insert(Membership, { teamId: invitation.teamId, userId: user.id, role: invitation.role });
      await close(manager, invitation, 'accepted', user.id);
      const facts = { email: invitation.email, role: invitation.role };
      await this.audit.record(manager, audit, { teamId: invitation.teamId, action: 'invitation.accepted', target: { type: 'invitation', id: invitation.id }, changes: facts });
      await this.audit.record(manager, audit, {
        teamId: invitation.teamId,
        action: 'member.added',
        target: { type: 'user', id: user.id },
        changes: { role: { before: null, after: invitation.role }, invitationId: invitation.id },
      });
      await this.webhooks.emit(manager, invitation.teamId, 'member.added', { userId: user.id, role: invitation.role });
      return invitation.teamId;
    });
    return this.teams.getForUser(context.userId, teamId);
  }

  /**
   * What the link's mail said (team, inviter, address, role), to whoever holds the link: it was
   * mailed to the invitee, and the same link declines without an account. Answered only while the
   * invitation is pending, with accept's and decline's refusals otherwise.
   */
  async describe(token: string): Promise<InvitationLinkResponse> {
    const claims = await this.tokens.verify(token);
    const manager = this.invitations.manager;
    const invitation = await this.findInvitation(manager, claims.sub, claims.jti, false);
    requirePending(invitation, await this.databaseClock.now(manager));
    const { team, inviter } = await this.mailNames(invitation);
    return {
      teamName: team.name,
      inviter: inviter && { name: inviter.name, email: inviter.email },
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /** Declines by the link alone: it was mailed to the invitee, and declining grants nothing. */
  async decline(token: string, audit: AuditContext): Promise<InvitationResponse> {
    const claims = await this.tokens.verify(token);
    return this.invitations.manager.transaction(async (manager) => {
      const invitation = await this.findInvitation(manager, claims.sub, claims.jti, true);
      requirePending(invitation, await this.databaseClock.now(manager));
      await close(manager, invitation, 'declined', null);
      await this.audit.record(manager, audit, {
        teamId: invitation.teamId,
        action: 'invitation.declined',
        target: { type: 'invitation', id: invitation.id },
        changes: { email: invitation.email, role: invitation.role },
      });
      return toResponse(invitation);
    });
  }

  /**
   * The invitation a verified link names; with `lock`, locked until the transaction ends (one answer
   * per invitation), without it only read (the link's page).
   */
  private async findInvitation(manager: EntityManager, id: string, jti: string, lock: boolean): Promise<TeamInvitation> {
    const invitation = await manager.findOne(TeamInvitation, { where: { id, jti }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    // Its team was deleted (the invitation with it).
    if (!invitation) throw new GoneException('This invitation no longer exists');
    return invitation;
  }

  /** The team and the inviter an invitation's mail (and its link's page) names. */
  private async mailNames(invitation: TeamInvitation): Promise<{ team: Team; inviter: User | null }> {
    const manager = this.invitations.manager;
    const team = await manager.findOneByOrFail(Team, { id: invitation.teamId });
    const inviter = invitation.invitedBy ? await manager.findOneBy(User, { id: invitation.invitedBy }) : null;
    return { team, inviter };
  }

  private async mailInvitation(invitation: TeamInvitation): Promise<void> {
    const { team, inviter } = await this.mailNames(invitation);
    const token = await this.tokens.sign(invitation);
    const { subject, html, text } = renderInvitationMail({
      teamName: team.name,
      inviter,
      email: invitation.email,
      role: invitation.role,
      link: `${this.frontendUrl}/dashboard/invitations#token=${encodeURIComponent(token)}`,
      expiresAt: invitation.expiresAt,
    });
    await this.mail.send({ to: invitation.email, subject, html, text, teamId: team.id });
  }
}

/** An answered, revoked, replaced or expired (by the database's clock, `now`) invitation is never used again. */
function requirePending(invitation: TeamInvitation, now: Date): void {
  switch (invitation.status) {
    case 'accepted':
      throw new ConflictException('This invitation has already been accepted');
    case 'declined':
      throw new ConflictException('This invitation has been declined');
    case 'revoked':
      throw new GoneException('This invitation has been revoked');
    case 'replaced':
      throw new GoneException('This invitation was replaced by a newer one: use the link in the latest mail');
    case 'pending':
      if (invitation.expiresAt <= now) throw new GoneException(INVITATION_EXPIRED);
  }
}

async function close(
  manager: EntityManager,
  invitation: TeamInvitation,
  status: Exclude<InvitationStatus, 'pending'>,
  by: string | null,
): Promise<TeamInvitation> {
  Object.assign(invitation, { status, closedAt: new Date(), closedBy: by });
  await manager.update(TeamInvitation, { id: invitation.id }, { status, closedAt: invitation.closedAt, closedBy: by });
  return invitation;
}

function toResponse(invitation: TeamInvitation): InvitationResponse {
  return {
    id: invitation.id,
    teamId: invitation.teamId,
    email: invitation.email,
    role: invitation.role,
    status: invitation.status,
    invitedBy: invitation.invitedBy,
    createdAt: invitation.createdAt.toISOString(),
    mailedAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** `60 minutes`, `90 s`. */
function describeInterval(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} s`;
}
