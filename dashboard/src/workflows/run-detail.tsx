import type { AssetResponse, RunDetailResponse, WorkflowDetailResponse, WorkflowRunResponse } from '../api/types';
import { AssetCard } from '../components/asset-card';
import { ErrorMessage } from '../components/error-message';
import { planStepDescription } from './run-events';
import { useRunDetail } from './use-run-detail';
import { DateTime, formatCount, runLabel, StatusBadge } from './workflow-format';

type RunDecision = RunDetailResponse['decisions'][number];

interface RunDetailPanelProps {
  id: string;
  run: WorkflowRunResponse;
  workflow: WorkflowDetailResponse;
  liveAssets: AssetResponse[];
}

/** A run's steps, decisions, usage and assets, as the API has them (and its stream adds while watched). */
export function RunDetailPanel({ id, run, workflow, liveAssets }: RunDetailPanelProps) {
  const { detail, assets, error, loading } = useRunDetail(workflow.id, run, liveAssets);
  const label = runLabel(run.id).toLowerCase();
  return (
    <div id={id} className="stack workflow-run-detail">
      <ErrorMessage error={error} />
      {!detail && loading && <p className="muted">Loading the run's details…</p>}
      {detail && (
        <>
          <section className="stack" aria-label={`Steps of ${label}`}>
            <h4>Steps</h4>
            <RunSteps detail={detail} workflow={workflow} />
          </section>
          <section className="stack" aria-label={`Decisions on ${label}`}>
            <h4>Decisions</h4>
            <RunDecisions decisions={detail.decisions} />
          </section>
          <section className="stack" aria-label={`Usage of ${label}`}>
            <h4>Usage</h4>
            <RunUsage usage={detail.usage} />
          </section>
        </>
      )}
      <section className="stack" aria-label={`Assets from ${label}`}>
        <h4>Assets</h4>
        {assets.length === 0 ? (
          <p className="muted">{loading ? 'Loading…' : 'No assets from this run.'}</p>
        ) : (
          <div className="workflow-run-assets">
            {assets.map((asset) => (
              <AssetCard key={asset.id} asset={asset} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

function RunSteps({ detail, workflow }: { detail: RunDetailResponse; workflow: WorkflowDetailResponse }) {
  if (detail.steps.length === 0) return <p className="muted">No step has started yet.</p>;
  const steps = [...detail.steps].sort((a, b) => a.stepIndex - b.stepIndex);
  return (
    <ol className="workflow-run-steps">
      {steps.map((step) => {
        const description = planStepDescription(detail, workflow, step.stepIndex);
        return (
          <li key={step.stepIndex}>
            <p className="row workflow-inline">
              <strong>Step {step.stepIndex + 1}</strong>
              <StatusBadge status={step.status} />
              {step.attempt > 1 && <span className="muted">attempt {step.attempt}</span>}
              {step.reusedFrom !== null && <span className="muted">reused from {runLabel(step.reusedFrom).toLowerCase()}</span>}
            </p>
            {description && <p className="workflow-step-description">{description}</p>}
            <p className="muted workflow-hint">
              Started <DateTime iso={step.startedAt} />
              {step.finishedAt && (
                <>
                  {' '}
                  · finished <DateTime iso={step.finishedAt} />
                </>
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** What each decision did, as its badge says: a person's approve or reject, or a timer of the step's approval policy. */
const DECISION_LABELS: Record<RunDecision['action'], string> = { approve: 'Approved', reject: 'Rejected', remind: 'Reminded', escalate: 'Escalated', expire: 'Expired' };

/** Who took a decision and where; a timer is nobody, its policy acted. */
function decidedBy(decision: RunDecision): string {
  if (decision.channel === 'system') return 'By the step\'s approval policy';
  return `By ${decision.decidedBy ?? 'a removed user'} ${decision.channel === 'email' ? 'from the mailed link' : 'on the dashboard'}`;
}

function RunDecisions({ decisions }: { decisions: RunDecision[] }) {
  if (decisions.length === 0) return <p className="muted">No approval decisions on this run.</p>;
  return (
    <ol className="workflow-run-decisions">
      {/* An attempt may have several decisions (a quorum's approvals, its timers), oldest first and never reordered. */}
      {decisions.map((decision, index) => (
        <li key={index}>
          <p className="row workflow-inline">
            <span className={`badge decision-${decision.action}`}>{DECISION_LABELS[decision.action]}</span>
            <span>
              Step {decision.stepIndex + 1}
              {decision.attempt > 1 && `, attempt ${decision.attempt}`}
            </span>
          </p>
          <p className="muted workflow-hint">
            {decidedBy(decision)}, <DateTime iso={decision.decidedAt} />
          </p>
          {decision.note && <blockquote className="workflow-decision-note">{decision.note}</blockquote>}
        </li>
      ))}
    </ol>
  );
}

function RunUsage({ usage }: { usage: RunDetailResponse['usage'] }) {
  return (
    <dl className="workflow-facts">
      <div>
        <dt>Input tokens</dt>
        <dd>{formatCount(usage.inputTokens)}</dd>
      </div>
      <div>
        <dt>Output tokens</dt>
        <dd>{formatCount(usage.outputTokens)}</dd>
      </div>
      <div>
        <dt>Model calls</dt>
        <dd>{formatCount(usage.calls)}</dd>
      </div>
      <div>
        <dt>Images</dt>
        <dd>{formatCount(usage.images)}</dd>
      </div>
      {usage.cost !== undefined && (
        <div>
          <dt>Cost</dt>
          <dd>{usage.cost.toFixed(4)}</dd>
        </div>
      )}
    </dl>
  );
}
