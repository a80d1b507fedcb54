import type { PricedFigures, UsageRow } from '../api/types';
import { formatNumber } from './format';

/** What a bar measures: the tokens a model read and wrote. */
export function tokensOf(figures: PricedFigures): number {
  return figures.inputTokens + figures.outputTokens;
}

const DAY_CHART = { width: 300, height: 100, gap: 0.25 };

/**
 * Tokens per day as columns, one per day (days without usage stay empty). The SVG stretches to
 * the width it gets; its text (scale and dates) is HTML, so it stays readable at any width.
 */
export function DailyUsageChart({ days, rows }: { days: string[]; rows: UsageRow[] }) {
  const byDay = new Map(rows.map((row) => [row.key, tokensOf(row)]));
  const values = days.map((day) => byDay.get(day) ?? 0);
  const max = Math.max(...values, 1);
  const total = values.reduce((sum, value) => sum + value, 0);
  const busiest = days[values.indexOf(Math.max(...values))];
  const slot = DAY_CHART.width / days.length;
  const label = `Tokens per day from ${days[0]} to ${days[days.length - 1]}: ${formatNumber(total)} in all, most on ${busiest} (${formatNumber(max)})`;
  return (
    <figure className="chart">
      <div className="chart-plot">
        <span className="chart-scale muted" aria-hidden="true">
          {formatNumber(max)}
        </span>
        <svg viewBox={`0 0 ${DAY_CHART.width} ${DAY_CHART.height}`} preserveAspectRatio="none" role="img" aria-label={label}>
          {values.map((value, index) => {
            const height = (value / max) * DAY_CHART.height;
            return (
              <rect key={days[index]} x={index * slot + slot * DAY_CHART.gap * 0.5} y={DAY_CHART.height - height} width={slot * (1 - DAY_CHART.gap)} height={height}>
                <title>{`${days[index]}: ${formatNumber(value)} tokens`}</title>
              </rect>
            );
          })}
          <line x1={0} x2={DAY_CHART.width} y1={DAY_CHART.height} y2={DAY_CHART.height} />
        </svg>
      </div>
      <figcaption className="chart-axis muted" aria-hidden="true">
        <span>{days[0]}</span>
        <span>{days[days.length - 1]}</span>
      </figcaption>
    </figure>
  );
}

/** Tokens per group (model, member, workflow) as horizontal bars, largest first, each labelled with its name and figure. */
export function UsageBars({ rows, label, unnamed }: { rows: UsageRow[]; label: string; unnamed: string }) {
  const sorted = [...rows].sort((a, b) => tokensOf(b) - tokensOf(a));
  const max = Math.max(...sorted.map(tokensOf), 1);
  return (
    <ul className="model-bars" aria-label={label}>
      {sorted.map((row) => {
        const tokens = tokensOf(row);
        const name = row.key ?? unnamed;
        return (
          <li key={name}>
            <span className="model-bar-label">
              <span className="model-name">{name}</span> <span className="muted">{formatNumber(tokens)} tokens</span>
            </span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
              <rect x={0} y={0} height={10} width={Math.max((tokens / max) * 100, 0.5)} />
            </svg>
          </li>
        );
      })}
    </ul>
  );
}

/** The figures behind a chart, for screen readers and anyone who wants the numbers. */
export function UsageTable({ caption, keyName, rows }: { caption: string; keyName: string; rows: UsageRow[] }) {
  const priced = rows.some((row) => row.cost !== undefined);
  return (
    <details className="usage-table">
      <summary>{caption} as a table</summary>
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{keyName}</th>
              <th scope="col">Input tokens</th>
              <th scope="col">Output tokens</th>
              <th scope="col">Calls</th>
              <th scope="col">Images</th>
              {priced && <th scope="col">Cost</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key ?? 'none'}>
                <th scope="row">{row.key ?? '—'}</th>
                <td>{formatNumber(row.inputTokens)}</td>
                <td>{formatNumber(row.outputTokens)}</td>
                <td>{formatNumber(row.calls)}</td>
                <td>{formatNumber(row.images)}</td>
                {priced && <td>{row.cost === undefined ? '—' : formatNumber(row.cost)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
