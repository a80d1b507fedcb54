import { integer, namespace } from './environment.js';

export const LIVE_VARIABLES = namespace('Live streams', {
  streamTtlSeconds: integer({
    name: 'LIVE_STREAM_TTL_SECONDS',
    default: 300,
    min: 1,
    doc: "How long a finished live stream (a chat reply, a run's events) can still be replayed, in seconds.",
  }),
});

/** The live namespace's values, as read. */
export interface LiveSettings {
  /** How long a finished live stream (a chat reply, a run's events) can still be replayed. */
  streamTtlSeconds: number;
}
