import { useMemo } from 'react';
import type { TeamResponse, UsageRow } from '../api/types';
import { useApi } from '../api/use-api';
import { ErrorMessage } from '../components/error-message';
import { listWorkflows } from '../workflows/api';
import { formatNumber } from './format';
import { lastDays, USAGE_DAYS, useFeedbackReport, useMembers, useUsage } from './hooks';
import { DailyUsageChart, tokensOf, UsageBars, UsageTable } from './usage-charts';

/** "1 image", "3 images": the images the models made (the offline model's included). */
function imagesOf(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'image' : 'images'}`;
}

/**
 * Tokens and images over the last 30 days by day, by model, by member and by workflow: the
 * team's for owners and admins, a member's own otherwise.
 */
export function UsageSection({ team }: { team: TeamResponse }) {
  const days = useMemo(() => lastDays(), []);
  const byDay = useUsage('day', days);
  const byModel = useUsage('model', days);
  const byMember = useUsage('user', days);
  const byWorkflow = useUsage('workflow', days);
  const members = useMembers(team.id);
  const workflows = useApi(listWorkflows, []);
  const feedback = useFeedbackReport(days);
  const scope = byDay.data?.scope;
  // The report keys members and workflows by id: shown by name where the lists know it.
  const memberNames = useMemo(() => new Map(members.data?.map((member) => [member.userId, member.name])), [members.data]);
  const workflowTitles = useMemo(() => new Map(workflows.data?.map((workflow) => [workflow.id, workflow.title])), [workflows.data]);
  return (
    <section className="card stack" aria-labelledby="usage-heading">
      <div>
        <h2 id="usage-heading">Usage, last {USAGE_DAYS} days</h2>
        {scope && (
          <p className="muted">
            {scope === 'team' ? 'Everyone in the team' : 'Your own usage (owners and admins see the whole team’s)'}
            {byDay.data &&
              `: ${formatNumber(tokensOf(byDay.data.totals))} tokens in ${formatNumber(byDay.data.totals.calls)} model calls and ${imagesOf(byDay.data.totals.images)}`}
            .
          </p>
        )}
      </div>
      <div className="usage-grid">
        <UsageGroup title="By day" empty="No tokens used in these days." report={byDay}>
          {(rows) => (
            <>
              <DailyUsageChart days={days} rows={rows} />
              <UsageTable caption="Usage by day" keyName="Day" rows={rows} />
            </>
          )}
        </UsageGroup>
        <UsageGroup title="By model" empty="No model was used." report={byModel}>
          {(rows) => (
            <>
              <UsageBars rows={rows} label="Tokens per model" unnamed="unknown model" />
              <UsageTable caption="Usage by model" keyName="Model" rows={rows} />
            </>
          )}
        </UsageGroup>
        {scope === 'team' && (
          <UsageGroup title="By member" empty="Nobody used a model." report={byMember}>
            {(rows) => {
              const named = renamed(rows, memberNames, 'a former member');
              return (
                <>
                  <UsageBars rows={named} label="Tokens per member" unnamed="a former member" />
                  <UsageTable caption="Usage by member" keyName="Member" rows={named} />
                </>
              );
            }}
          </UsageGroup>
        )}
        <UsageGroup title="By workflow" empty="No workflow used a model." report={byWorkflow}>
          {(rows) => {
            const named = renamed(rows, workflowTitles, 'a deleted workflow', 'chat');
            return (
              <>
                <UsageBars rows={named} label="Tokens per workflow" unnamed="chat" />
                <UsageTable caption="Usage by workflow" keyName="Workflow" rows={named} />
              </>
            );
          }}
        </UsageGroup>
        <div className="stack">
          <h3>Replies rated</h3>
          <ErrorMessage error={feedback.error} />
          {feedback.data?.rows.length === 0 && <p className="muted">No reply was rated.</p>}
          {feedback.data && feedback.data.rows.length > 0 && (
            <table>
              <caption className="visually-hidden">Ratings by agent and model</caption>
              <thead>
                <tr>
                  <th scope="col">Agent · model</th>
                  <th scope="col">Thumbs up</th>
                  <th scope="col">Thumbs down</th>
                </tr>
              </thead>
              <tbody>
                {feedback.data.rows.map((row) => (
                  <tr key={`${row.agentId ?? ''} ${row.modelId ?? ''}`}>
                    <td>
                      {row.agentId ?? 'no agent'} · {row.modelId ?? 'unknown model'}
                    </td>
                    <td>{formatNumber(row.up)}</td>
                    <td>{formatNumber(row.down)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}

interface UsageGroupProps {
  title: string;
  empty: string;
  report: { data?: { rows: UsageRow[] }; error?: Error };
  children: (rows: UsageRow[]) => React.ReactNode;
}

function UsageGroup({ title, empty, report, children }: UsageGroupProps) {
  return (
    <div className="stack">
      <h3>{title}</h3>
      <ErrorMessage error={report.error} />
      {report.data?.rows.length === 0 && <p className="muted">{empty}</p>}
      {report.data && report.data.rows.length > 0 && children(report.data.rows)}
    </div>
  );
}

/**
 * Rows keyed by id, keyed by name instead; `outside`: what a null key (no workflow: chat) means.
 * An id the list does not know (gone, or the list still loading) keeps a short form of itself, so
 * every row stays apart.
 */
function renamed(rows: UsageRow[], names: Map<string, string>, unknown: string, outside?: string): UsageRow[] {
  return rows.map((row) => ({ ...row, key: row.key === null ? (outside ?? unknown) : (names.get(row.key) ?? `${unknown} ${row.key.slice(0, 8)}`) }));
}
