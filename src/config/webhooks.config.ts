import { integer, namespace } from './environment.js';

export const WEBHOOKS_VARIABLES = namespace('Webhooks', {
  retryBaseMs: integer({
    name: 'WEBHOOK_RETRY_BASE_MS',
    default: 30_000,
    min: 1,
    max: 3_600_000,
    doc: 'The pause in ms after a webhook delivery\'s first failed attempt; it doubles after each, up to 24 hours.',
  }),
  maxAttempts: integer({
    name: 'WEBHOOK_MAX_ATTEMPTS',
    default: 12,
    min: 1,
    max: 50,
    doc:
      'Attempts of one delivery before the endpoint is disabled and the team\'s owners mailed (12 with the default pauses span about 17 hours; ' +
      'the endpoint\'s later events wait meanwhile, in order).',
  }),
  pollIntervalMs: integer({
    name: 'WEBHOOK_POLL_INTERVAL_MS',
    default: 1000,
    min: 10,
    max: 60_000,
    doc: 'How often each instance looks for webhook deliveries that are due, in ms.',
  }),
  secretOverlapHours: integer({
    name: 'WEBHOOK_SECRET_OVERLAP_HOURS',
    default: 24,
    min: 0,
    max: 720,
    doc: 'After a webhook secret is rotated, how long deliveries are signed with the old secret too, in hours.',
  }),
});

/** The webhooks namespace's values, as read. */
export interface WebhookSettings {
  retryBaseMs: number;
  maxAttempts: number;
  pollIntervalMs: number;
  secretOverlapHours: number;
}
