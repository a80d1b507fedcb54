import type { TeamPlanResponse, TeamResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { formatNumber, formatSeconds } from './format';
import { useTeamPlan } from './hooks';

/** What the team's plan allows; plans change only by the operator, so this only reads. */
export function PlanSection({ team }: { team: TeamResponse }) {
  const plan = useTeamPlan(team.id);
  return (
    <section className="card stack" aria-labelledby="plan-heading">
      <h2 id="plan-heading">
        Plan <span className="badge">{plan.data?.plan ?? team.plan}</span>
      </h2>
      <ErrorMessage error={plan.error} />
      {plan.data && <PlanLimits limits={plan.data.limits} />}
    </section>
  );
}

function PlanLimits({ limits }: { limits: TeamPlanResponse['limits'] }) {
  const rows: [string, string][] = [
    ['Chat requests', `${formatNumber(limits.chatRequestsPerWindow)} per ${formatSeconds(limits.chatWindowSeconds)}`],
    ['Workflow plans', `${formatNumber(limits.workflowPlansPerHour)} per hour`],
    ['Run starts', `${formatNumber(limits.runStartsPerHour)} per hour`],
    ['Runs at once', formatNumber(limits.concurrentRuns)],
    ['Shortest schedule', `every ${formatSeconds(limits.minScheduleIntervalSeconds)}`],
    ['Tokens per month', limits.monthlyTokens === null ? 'Unlimited' : formatNumber(limits.monthlyTokens)],
  ];
  return (
    <dl className="limits" aria-label="Plan limits">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
