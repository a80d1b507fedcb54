import { randomUUID } from 'node:crypto';
import { waitFor } from '../helpers/mail-catcher.js';
import { Receiver, verifiesWithLibrary } from '../helpers/webhook-receiver.js';
import { faultCluster } from './fixtures.js';

/**
 * Issue #34 item 6: a webhook event whose change committed is delivered exactly once, even when the
 * server is killed (-9) after the commit and before any delivery attempt. Real server processes;
 * the receiver verifies the Standard Webhooks signature.
 */
describe('webhooks through a crash', () => {
  const cluster = faultCluster('Webhooks through a crash', { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  const { start, table } = cluster;
  const receiver = new Receiver();

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  const delivery = async (eventType: string) =>
    (
      await cluster.db.query<{ status: string; attempts: number; event_id: string }>(
        `SELECT d.status, d.attempts, e.id AS event_id FROM webhook_deliveries d JOIN webhook_events e ON e.seq = d.event_seq WHERE e.type = $1`,
        [eventType],
      )
    ).rows;

  it('an event committed before a kill -9, never attempted, is delivered once after the restart', async () => {
    // The first instance polls once at its start, then not for a minute: the change lands in between.
    const first = await start({ WEBHOOK_POLL_INTERVAL_MS: '60000' });
    const email = `webhook-${randomUUID()}@example.com`;
    const { accessToken: token, activeTeam } = await first.json<{ accessToken: string; activeTeam: { id: string } }>('POST', '/api/auth/register', undefined, {
      email,
      password: 'correct horse battery',
      name: 'Hook',
    });
    const { secret } = await first.json<{ secret: string }>('POST', `/api/teams/${activeTeam.id}/webhooks`, token, {
      url: `${receiver.base}/crash`,
      eventTypes: ['workflow.deleted'],
    });
    const { workflowId } = await first.json<{ workflowId: string }>('POST', '/api/workflows', token, { goal: 'Write a LinkedIn post about crashes.' });
    await first.json('DELETE', `/api/workflows/${workflowId}`, token);
    // Committed with its change, not attempted yet.
    expect(await delivery('workflow.deleted')).toEqual([{ status: 'pending', attempts: 0, event_id: expect.any(String) as unknown }]);
    first.kill('SIGKILL');
    await first.exited();
    expect(receiver.at('/crash')).toEqual([]);

    const began = Date.now();
    const second = await start();
    const [received] = await waitFor(() => Promise.resolve(receiver.at('/crash').length > 0 && receiver.at('/crash')), 'the event at the receiver', 30_000);
    const seconds = Math.round((Date.now() - began) / 1000);
    const [row] = await waitFor(async () => {
      const rows = await delivery('workflow.deleted');
      return rows[0]?.status === 'delivered' && rows;
    }, 'the delivery settled');
    expect(row).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(received.headers['webhook-id']).toBe(`msg_${row.event_id}`);
    expect(verifiesWithLibrary(secret, received)).toBe(true);
    expect(JSON.parse(received.body)).toMatchObject({ type: 'workflow.deleted', data: { workflowId } });

    // A later event of the same endpoint goes out after it: by then a second copy of the first would have gone too.
    const later = await second.json<{ workflowId: string }>('POST', '/api/workflows', token, { goal: 'Write a LinkedIn post about restarts.' });
    await second.json('DELETE', `/api/workflows/${later.workflowId}`, token);
    await waitFor(() => Promise.resolve(receiver.at('/crash').length >= 2), 'the later event', 30_000);
    expect(receiver.at('/crash').map((request) => (JSON.parse(request.body) as { data: { workflowId: string } }).data.workflowId)).toEqual([workflowId, later.workflowId]);
    table.record('killed -9 between commit and delivery', `delivered once, ${seconds} s after the restart began (signature verified)`);
  }, 150_000);
});
