import { startRun } from './api';
import type { WorkflowDetailResponse } from '../api/types';
import { ErrorMessage } from '../components/error-message';
import { useCan } from '../session/session';
import { RunCard } from './run-card';
import { planStepDescription } from './run-events';
import { useWorkflowAction } from './use-action';
import type { LiveRun } from './use-live-run';

interface RunsSectionProps {
  workflow: WorkflowDetailResponse;
  workflowId: string;
  live: LiveRun;
  onChanged: (message?: string) => void;
}

/** "Run now" and the workflow's runs, newest first; the newest one opens with its details. */
export function RunsSection({ workflow, workflowId, live, onChanged }: RunsSectionProps) {
  const start = useWorkflowAction(onChanged);
  const runs = [...workflow.workflowRuns].sort((a, b) => b.id - a.id);
  const runnable = workflow.status === 'active';
  const can = useCan();

  const runNow = () =>
    start.run(async () => {
      const started = await startRun(workflowId);
      return `${started.message}: run #${started.runId}.`;
    });

  return (
    <section className="stack" aria-labelledby="runs-heading">
      <div className="row workflow-section-header">
        <h2 id="runs-heading">Runs</h2>
        {can('workflow.run', workflow) && (
          <button type="button" onClick={() => void runNow()} disabled={!runnable || start.busy} aria-describedby={runnable ? undefined : 'run-now-hint'}>
            Run now
          </button>
        )}
      </div>
      {!runnable && can('workflow.run', workflow) && (
        <p id="run-now-hint" className="muted">
          The workflow can run once its plan is approved.
        </p>
      )}
      <ErrorMessage error={start.error} />
      {runs.length === 0 ? (
        <p className="muted">No runs yet.</p>
      ) : (
        <ol className="workflow-runs" aria-label="Runs">
          {runs.map((run, index) => {
            const shown = live.display(run);
            return (
              <li key={run.id}>
                <RunCard
                  run={shown}
                  workflow={workflow}
                  stepDescription={live.stepDescription(shown) ?? planStepDescription(shown, workflow)}
                  liveAssets={live.assets[run.id] ?? []}
                  detailsOpen={index === 0}
                  onChanged={onChanged}
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
