import { ConflictException, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { AuditContext } from '../audit-events/audit-context.js';
import type { BranchesResponse } from '../conversations/branches.response.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import { ACTIVE_RUN_STATUSES } from '../workflow-runs/workflow-run.entity.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { accessOf } from '../teams/permissions/permissions.js';
import { Metrics } from '../metrics/metrics.service.js';
import { LiveRepliesService } from './live-replies.service.js';
import type { StoppedConversationResponse } from '../conversations/conversations.response.js';

/**
 * A conversation's reply as its clients see it once it has begun (ChatStreamService begins it):
 * followed again from its start, stopped, or stopped with its conversation deleted.
 */
@Injectable()
export class ConversationRepliesService {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly live: LiveRepliesService,
    private readonly metrics: Metrics,
  ) {}

  /**
   * GET /api/assistant/router/:id/stream: the reply being generated, from its start. 204 when none,
   * also for an id the team has no conversation under: a chat client resumes on every page load,
   * before its first message has made the conversation.
   */
  async resume(team: TeamContext, reference: string, response: Response): Promise<void> {
    const conversation = await this.conversations.find(team, reference, 'read');
    const streamId = conversation && (await this.live.active(conversation.id));
    if (!conversation || !streamId) {
      response.status(204).end();
      return;
    }
    response.setHeader('x-conversation-id', conversation.id);
    this.metrics.repliesResumed.inc();
    await this.live.send(streamId, response);
  }

  /** POST /api/assistant/conversations/:id/stop. */
  async stop(team: TeamContext, reference: string): Promise<StoppedConversationResponse> {
    const { id } = await this.conversations.getOrThrow(team, reference, 'write');
    await this.live.stop(id);
    return { conversationId: id, stopped: true };
  }

  /**
   * POST /api/assistant/conversations/:id/branches: shows another version. Not while a reply is
   * being generated (409): it is stored after the fork it answers, wherever that then is; nor in a
   * run's conversation while the run writes its steps into it.
   */
  async selectBranch(team: TeamContext, reference: string, version: string): Promise<BranchesResponse> {
    const conversation = await this.conversations.getOrThrow(team, reference, 'write');
    if (conversation.workflowRun && (ACTIVE_RUN_STATUSES as readonly string[]).includes(conversation.workflowRun.status)) {
      throw new ConflictException(`This conversation is workflow run ${conversation.workflowRun.id}'s, which is still going`);
    }
    await this.live.ensureIdle(conversation.id);
    await this.conversations.selectBranch(conversation.id, version);
    return this.conversations.branchesOf(team, conversation.id);
  }

  /**
   * DELETE /api/assistant/conversations. A reply being generated is stopped first: left running, it
   * went on spending model calls for nobody, and storing it failed on the deleted conversation.
   * Owners and admins may delete any of the team's conversations, unread (docs/permissions.md);
   * the others only one they may continue.
   */
  async deleteConversation(team: TeamContext, reference: string, audit: AuditContext): Promise<void> {
    const { id } = await this.conversations.getOrThrow(team, reference, accessOf(team.role, 'conversation.delete') === 'yes' ? 'team' : 'write');
    // A 409 is no reply under way (or one that ended meanwhile): nothing to stop.
    await this.live.stop(id).catch((error: unknown) => {
      if (!(error instanceof ConflictException)) throw error;
    });
    await this.conversations.delete(team.teamId, id, audit);
  }
}
