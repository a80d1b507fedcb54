import type { ApiTokenResponse, InvitationResponse, MemberResponse, TeamBudgetResponse, TeamPlanResponse, UsageReportResponse } from '../api/types';
import { type Loaded, useApi } from '../api/use-api';
import { listApiTokens, listInvitations, listMembers, feedbackReport, teamBudget, teamPlan, usageReport } from './api';

export function useMembers(teamId: string): Loaded<MemberResponse[]> {
  return useApi(() => listMembers(teamId), [teamId]);
}

/** Pending invitations: for owners and admins only (the API refuses members). */
export function useInvitations(teamId: string): Loaded<InvitationResponse[]> {
  return useApi(() => listInvitations(teamId), [teamId]);
}

/** The signed-in user's API tokens, in every team (each names its team). */
export function useApiTokens(): Loaded<ApiTokenResponse[]> {
  return useApi(listApiTokens, []);
}

export function useTeamPlan(teamId: string): Loaded<TeamPlanResponse> {
  return useApi(() => teamPlan(teamId), [teamId]);
}

export function useBudget(teamId: string): Loaded<TeamBudgetResponse> {
  return useApi(() => teamBudget(teamId), [teamId]);
}

export const USAGE_DAYS = 30;

/** The last USAGE_DAYS UTC days, today included, as YYYY-MM-DD, oldest first. */
export function lastDays(today = new Date()): string[] {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: USAGE_DAYS }, (_, index) => new Date(start - (USAGE_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** The API's `to` for `days`: exclusive, so the start of the day after the last. */
function dayAfter(days: string[]): string {
  return new Date(Date.parse(days[days.length - 1]) + 86_400_000).toISOString().slice(0, 10);
}

/** Usage over the last USAGE_DAYS days. */
export function useUsage(groupBy: UsageReportResponse['groupBy'], days: string[]): Loaded<UsageReportResponse> {
  const tomorrow = dayAfter(days);
  return useApi(() => usageReport({ from: days[0], to: tomorrow, groupBy }), [days[0], tomorrow, groupBy]);
}

/** Ratings of replies over the same days. */
export function useFeedbackReport(days: string[]) {
  const tomorrow = dayAfter(days);
  return useApi(() => feedbackReport({ from: days[0], to: tomorrow }), [days[0], tomorrow]);
}
