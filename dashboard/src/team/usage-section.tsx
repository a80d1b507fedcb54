import { useMemo } from 'react';
import { ErrorMessage } from '../components/error-message';
import { formatNumber } from './format';
import { lastDays, USAGE_DAYS, useUsage } from './hooks';
import { DailyUsageChart, ModelUsageChart, tokensOf, UsageTable } from './usage-charts';

/** Tokens over the last 30 days, by day and by model: the team's for owners and admins, a member's own otherwise. */
export function UsageSection() {
  const days = useMemo(() => lastDays(), []);
  const byDay = useUsage('day', days);
  const byModel = useUsage('model', days);
  const scope = byDay.data?.scope;
  return (
    <section className="card stack" aria-labelledby="usage-heading">
      <div>
        <h2 id="usage-heading">Usage, last {USAGE_DAYS} days</h2>
        {scope && (
          <p className="muted">
            {scope === 'team' ? 'Everyone in the team' : 'Your own usage (owners and admins see the whole team’s)'}
            {byDay.data && `: ${formatNumber(tokensOf(byDay.data.totals))} tokens in ${formatNumber(byDay.data.totals.calls)} model calls`}.
          </p>
        )}
      </div>
      <div className="usage-grid">
        <div className="stack">
          <h3>By day</h3>
          <ErrorMessage error={byDay.error} />
          {byDay.data?.rows.length === 0 && <p className="muted">No tokens used in these days.</p>}
          {byDay.data && byDay.data.rows.length > 0 && (
            <>
              <DailyUsageChart days={days} rows={byDay.data.rows} />
              <UsageTable caption="Usage by day" keyName="Day" rows={byDay.data.rows} />
            </>
          )}
        </div>
        <div className="stack">
          <h3>By model</h3>
          <ErrorMessage error={byModel.error} />
          {byModel.data?.rows.length === 0 && <p className="muted">No model was used.</p>}
          {byModel.data && byModel.data.rows.length > 0 && (
            <>
              <ModelUsageChart rows={byModel.data.rows} />
              <UsageTable caption="Usage by model" keyName="Model" rows={byModel.data.rows} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
