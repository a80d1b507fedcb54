import { ForbiddenException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { WorkflowRun } from '../workflow-runs/workflow-run.entity.js';
import type { Role } from '../teams/entities/membership.entity.js';
import { TeamsService } from '../teams/teams.service.js';
import { type ApprovalPolicy, policyOf } from '../workflows/approval-policy.js';
import type { Workflow } from '../workflows/entities/workflow.entity.js';
import { WorkflowsService } from '../workflows/workflows.service.js';
import { ApprovalDecision } from './entities/approval-decision.entity.js';

/** A step attempt's approvers, by its policy: who is mailed, and who may decide. */
@Injectable()
export class StepApproversService {
  constructor(
    @InjectRepository(ApprovalDecision) private readonly decisions: Repository<ApprovalDecision>,
    private readonly workflows: WorkflowsService,
    private readonly teams: TeamsService,
  ) {}

  /** The policy of the workflow's step (its plan cannot change while a run is in progress). */
  async policyOf(workflowId: string, stepIndex: number): Promise<ApprovalPolicy> {
    const steps = await this.workflows.stepsOf(workflowId);
    return policyOf(steps[stepIndex]?.approvalPolicy ?? null);
  }

  /**
   * Where the step's approval mail goes: the run's starter (else the team's first owner, as
   * before policies), the named members still in the team, or the team's admins and owners; an
   * escalation goes to the admins and owners.
   */
  async recipients(run: WorkflowRun, workflow: Workflow, policy: ApprovalPolicy, escalation: boolean): Promise<string[]> {
    if (escalation || policy.approvers === 'admins') return this.teams.adminEmails(workflow.teamId);
    if (policy.approvers === 'members') {
      const present = await Promise.all(policy.members.map(async (email) => ((await this.teams.memberWithEmail(workflow.teamId, email)) ? email : null)));
      return present.filter((email): email is string => email !== null);
    }
    const starter = await this.teams.approverEmail(workflow.teamId, run.startedBy ?? workflow.createdBy);
    return starter ? [starter] : [];
  }

  /**
   * 403 unless `email` (with `role` in the team) may decide the attempt: anyone the team's
   * permissions let approve for the run's starter policy; the named members, or the admins and
   * owners, for the others; and the admins and owners of any once it was escalated.
   */
  async requireApprover(policy: ApprovalPolicy, step: { runId: number; stepIndex: number; attempt: number }, email: string, role: Role): Promise<void> {
    if (await this.mayDecide(policy, step, email, role)) return;
    throw new ForbiddenException(policy.approvers === 'admins' ? "This step waits for the team's admins and owners" : 'This step waits for the members its policy names');
  }

  /** Whether `email` (with `role` in the team) may decide the attempt, as requireApprover judges it: what the inbox lists for them. */
  async mayDecide(policy: ApprovalPolicy, step: { runId: number; stepIndex: number; attempt: number }, email: string, role: Role): Promise<boolean> {
    if (policy.approvers === 'starter') return true;
    const admin = role === 'owner' || role === 'admin';
    if (policy.approvers === 'admins' ? admin : policy.members.includes(email)) return true;
    const { runId, stepIndex, attempt } = step;
    return admin && (await this.decisions.existsBy({ kind: 'step_approval', runId, stepIndex, attempt, action: 'escalate' }));
  }
}
