import { integer, namespace, oneOf } from './environment.js';

export const RUNS_VARIABLES = namespace('Workflow runs', {
  stepTimeoutSeconds: integer({ name: 'RUN_STEP_TIMEOUT_SECONDS', default: 300, min: 1, max: 3600, doc: 'How long one workflow step may take before its run fails, in seconds.' }),
  stepAttempts: integer({
    name: 'RUN_STEP_ATTEMPTS',
    default: 3,
    min: 1,
    max: 10,
    doc: 'Model calls a workflow step may make when they fail transiently (a rate limit, a 5xx, a dropped connection) before its run fails.',
  }),
  stepRetryBaseMs: integer({
    name: 'RUN_STEP_RETRY_BASE_MS',
    default: 1000,
    min: 1,
    max: 30_000,
    doc: "The first pause in ms before a step's failed call is made again, doubling after each.",
  }),
  sweepSeconds: integer({
    name: 'RUN_SWEEP_SECONDS',
    default: 15,
    min: 1,
    max: 3600,
    doc:
      'How often in seconds each instance looks for runs in progress that no job will execute (a crash at the wrong moment, a job whose ' +
      'retries ran out) and re-queues or fails them.',
  }),
  approvalDigest: oneOf({
    name: 'APPROVAL_DIGEST',
    values: ['on', 'off'],
    default: 'on',
    doc: 'Whether this deployment sends the daily approvals digest mail at all (each person may also turn theirs off).',
  }),
  approvalDigestHour: integer({
    name: 'APPROVAL_DIGEST_HOUR',
    default: 8,
    min: 0,
    max: 23,
    doc: 'The hour of the day (UTC, 0-23) from which each person with approvals waiting gets that day\'s digest mail.',
  }),
  triggerPayloadMaxBytes: integer({
    name: 'TRIGGER_PAYLOAD_MAX_BYTES',
    default: 64 * 1024,
    min: 2,
    max: 1024 * 1024,
    doc: "The largest JSON payload POST /api/workflows/:id/trigger takes, in bytes (413 beyond; DEFAULT_BODY_LIMIT caps it too).",
  }),
});

/** The runs namespace's values, as read. */
export interface RunSettings {
  /** How long one workflow step (its model calls and tools) may take before the run fails. */
  stepTimeoutSeconds: number;
  /** Model calls a workflow step may make when they fail transiently (rate limits, 5xx, dropped connections). */
  stepAttempts: number;
  /** The first pause before a failed call of a step is made again, doubling after each. */
  stepRetryBaseMs: number;
  /** How often an instance looks for runs in progress that no job will execute (see RunSweeperService). */
  sweepSeconds: number;
  /** Whether the deployment sends the daily approvals digest at all. */
  approvalDigest: 'on' | 'off';
  /** The UTC hour from which the day's approvals digest goes out. */
  approvalDigestHour: number;
  /** The largest JSON payload a trigger takes, in bytes. */
  triggerPayloadMaxBytes: number;
}
