import { type FormEvent, useState } from 'react';
import type { TeamBudgetResponse, TeamResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { formatDate, formatNumber } from './format';
import { useAction } from '../hooks/use-action';
import { setTeamBudget } from './api';
import { useBudget } from './hooks';

/** This month's tokens against the team's limit; owners set their own limit below the plan's. */
export function BudgetSection({ team }: { team: TeamResponse }) {
  const budget = useBudget(team.id);
  return (
    <section className="card stack" aria-labelledby="budget-heading">
      <h2 id="budget-heading">Monthly token budget</h2>
      <ErrorMessage error={budget.error} />
      {budget.data && <BudgetBar budget={budget.data} />}
      {budget.data && team.role === 'owner' && <BudgetForm team={team} budget={budget.data} onSaved={budget.reload} />}
      {budget.data && team.role !== 'owner' && <p className="muted">Only the team’s owners set its budget.</p>}
    </section>
  );
}

function BudgetBar({ budget }: { budget: TeamBudgetResponse }) {
  const limit = budget.monthlyTokens;
  const percent = Math.min(budget.percent ?? 0, 100);
  const summary =
    limit === null
      ? `${formatNumber(budget.used)} tokens used this month, no limit`
      : `${formatNumber(budget.used)} of ${formatNumber(limit)} tokens used this month (${budget.percent}%)`;
  return (
    <div className="stack budget">
      <p>{summary}</p>
      {limit !== null && (
        <div
          className={`meter${percent >= 100 ? ' full' : percent >= 80 ? ' high' : ''}`}
          role="progressbar"
          aria-label="Tokens used this month"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(budget.used, limit)}
          aria-valuetext={summary}
        >
          <div style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="muted">
        {budget.teamMonthlyTokens === null ? 'The plan’s limit applies' : `The team’s own limit applies (the plan allows ${budget.planMonthlyTokens === null ? 'unlimited tokens' : formatNumber(budget.planMonthlyTokens)})`}.
        The count starts again on {formatDate(budget.resetsAt)}.
      </p>
    </div>
  );
}

function BudgetForm({ team, budget, onSaved }: { team: TeamResponse; budget: TeamBudgetResponse; onSaved: () => Promise<void> }) {
  const [tokens, setTokens] = useState(budget.teamMonthlyTokens?.toString() ?? '');
  const save = useAction();

  async function put(monthlyTokens: number | null) {
    if (await save.run(() => setTeamBudget(team.id, monthlyTokens))) await onSaved();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void put(Number(tokens));
  }

  return (
    <form className="stack" onSubmit={submit} aria-label="Set the monthly token budget">
      <div className="row">
        <label className="grow">
          Team limit (tokens per month)
          <input type="number" value={tokens} onChange={(event) => setTokens(event.target.value)} required min={1} step={1} />
        </label>
        <button type="submit" disabled={save.busy}>
          Save budget
        </button>
        {budget.teamMonthlyTokens !== null && (
          <button
            type="button"
            className="link-button"
            disabled={save.busy}
            onClick={() => {
              setTokens('');
              void put(null);
            }}
          >
            Use the plan’s limit
          </button>
        )}
      </div>
      <ErrorMessage error={save.error} />
    </form>
  );
}
