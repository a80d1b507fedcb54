import { randomUUID } from 'node:crypto';

/** Signs up a new user on the service at `base`: its email, id, session token and team. */
export async function signUpBenchUser(base) {
  const email = `bench-${randomUUID()}@example.com`;
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'benchmark password', name: 'Bench' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const body = await response.json();
  return { email, userId: body.user.id, token: body.accessToken, teamId: body.activeTeam.id };
}
