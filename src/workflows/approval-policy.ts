/** Who may approve a step: the run's starter (today's behaviour), members named by email, or any admin or owner of the team. */
export const APPROVER_KINDS = ['starter', 'members', 'admins'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];

/** What a step's approval expiring does: redo it with a system note, stop the run, go on without it, or keep waiting. */
export const EXPIRY_ACTIONS = ['reject', 'stop', 'skip', 'wait'] as const;
export type ExpiryAction = (typeof EXPIRY_ACTIONS)[number];

/** The timers of a waiting step, in the order they fall due. */
export const APPROVAL_TIMERS = ['remind', 'escalate', 'expire'] as const;
export type ApprovalTimer = (typeof APPROVAL_TIMERS)[number];

/** The longest a timer may be set to: 30 days, in minutes. */
export const TIMER_MAX_MINUTES = 30 * 24 * 60;
/** The most approvers a quorum may ask for, and named members a policy may list. */
export const QUORUM_MAX = 10;

/**
 * A step's approval policy, stored with the plan (docs/decisions/approval-timers.md). The defaults
 * are today's behaviour: the run's starter decides alone, nobody is reminded, and the step waits
 * until someone decides.
 */
export interface ApprovalPolicy {
  approvers: ApproverKind;
  /** The emails of the members who approve, when `approvers` is `members`; empty otherwise. */
  members: string[];
  /** How many distinct approvers must approve; one rejection redoes the step. */
  quorum: number;
  remindAfterMinutes: number | null;
  escalateAfterMinutes: number | null;
  expireAfterMinutes: number | null;
  onExpiry: ExpiryAction;
}

export const DEFAULT_APPROVAL_POLICY: Readonly<ApprovalPolicy> = Object.freeze({
  approvers: 'starter',
  members: [],
  quorum: 1,
  remindAfterMinutes: null,
  escalateAfterMinutes: null,
  expireAfterMinutes: null,
  onExpiry: 'wait',
});

/** The policy a stored step follows: its own fields over the defaults (a step stored before policies has none). */
export function policyOf(stored: Partial<ApprovalPolicy> | null): ApprovalPolicy {
  return { ...DEFAULT_APPROVAL_POLICY, ...stored, members: [...(stored?.members ?? [])] };
}

/** Minutes after the attempt began to wait at which each timer of the policy falls due; absent timers are left out. */
export function timerDelays(policy: ApprovalPolicy): { timer: ApprovalTimer; minutes: number }[] {
  const minutes: Record<ApprovalTimer, number | null> = {
    remind: policy.remindAfterMinutes,
    escalate: policy.escalateAfterMinutes,
    expire: policy.expireAfterMinutes,
  };
  return APPROVAL_TIMERS.flatMap((timer) => (minutes[timer] === null ? [] : [{ timer, minutes: minutes[timer] }]));
}

/**
 * What is wrong with a policy as a whole (its fields are checked one by one by the request's
 * validation); null when nothing. Timers fall due in order: remind, then escalate, then expire.
 */
export function policyProblem(policy: ApprovalPolicy): string | null {
  if (policy.approvers === 'members' && policy.members.length === 0) return 'approvalPolicy.members must name at least one member when approvers is members';
  if (policy.approvers !== 'members' && policy.members.length > 0) return 'approvalPolicy.members is only for approvers: members';
  if (policy.approvers === 'starter' && policy.quorum > 1) return 'approvalPolicy.quorum above 1 needs approvers: members or admins';
  if (policy.approvers === 'members' && policy.quorum > policy.members.length) return 'approvalPolicy.quorum must not exceed the number of members named';
  const delays = timerDelays(policy);
  for (let index = 1; index < delays.length; index += 1) {
    if (delays[index].minutes <= delays[index - 1].minutes) return `approvalPolicy.${delays[index].timer}AfterMinutes must be after ${delays[index - 1].timer}AfterMinutes`;
  }
  if (policy.onExpiry !== 'wait' && policy.expireAfterMinutes === null) return `approvalPolicy.onExpiry ${policy.onExpiry} needs expireAfterMinutes`;
  return null;
}
