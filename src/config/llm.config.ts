import type { EnvironmentVariables } from './env.validation.js';

export interface LlmSettings {
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  /** Model id used when neither the request nor the agent names one. */
  defaultModel: string;
  /** Pause between the offline model's streamed chunks (0: as fast as possible). */
  offlineChunkDelayMs: number;
  /**
   * The instance's budget of model stream flushes per second, shared by the streams running;
   * tokens that arrive between two flushes of a stream go out together (0: every token alone).
   */
  streamFlushesPerSecond: number;
  /** How long one workflow step (its model calls and tools) may take before the run fails. */
  runStepTimeoutSeconds: number;
  /** How often an instance looks for runs in progress that no job will execute (see RunSweeperService). */
  runSweepSeconds: number;
}

export function llmSettings(env: EnvironmentVariables): LlmSettings {
  return {
    openaiApiKey: env.OPENAI_API_KEY,
    openaiBaseUrl: env.OPENAI_BASE_URL,
    defaultModel: env.DEFAULT_MODEL ?? (env.OPENAI_API_KEY ? 'openai:gpt-4o-mini' : 'offline'),
    offlineChunkDelayMs: env.OFFLINE_MODEL_CHUNK_DELAY_MS ?? 0,
    streamFlushesPerSecond: env.STREAM_FLUSHES_PER_SECOND ?? 500,
    runStepTimeoutSeconds: env.RUN_STEP_TIMEOUT_SECONDS ?? 300,
    runSweepSeconds: env.RUN_SWEEP_SECONDS ?? 15,
  };
}
