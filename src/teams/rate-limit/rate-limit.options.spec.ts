import { createHash } from 'node:crypto';
import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { LoginSettings } from '../../config/login.config.js';
import type { PlanSettings } from '../../config/plans.config.js';
import { rateLimitOptions } from './rate-limit.options.js';

/** The tracker the named limiter gives a request with these headers, from this address. */
async function trackerOf(name: string, request: { ip: string; headers: Record<string, string>; body?: unknown }): Promise<string> {
  const options = rateLimitOptions({} as PlanSettings, { perIp: 30, windowSeconds: 900 } as LoginSettings, {} as ThrottlerStorage);
  const throttlers = 'throttlers' in options ? options.throttlers : options;
  const limiter = throttlers.find((throttler) => throttler.name === name);
  if (!limiter?.getTracker) throw new Error(`No limiter ${name}`);
  return limiter.getTracker(request, {} as ExecutionContext);
}

describe('rate limit trackers', () => {
  it('counts SCIM calls per bearer token (its SHA-256, as scim_tokens stores it), whatever the client address', async () => {
    const okta = { authorization: 'Bearer scim_okta' };
    const entra = { authorization: 'bearer  scim_entra' };
    const fromOkta = await trackerOf('scim', { ip: '198.51.100.7', headers: okta });
    expect(fromOkta).toBe(`scim:${createHash('sha256').update('scim_okta').digest('hex')}`);
    expect(await trackerOf('scim', { ip: '203.0.113.9', headers: okta })).toBe(fromOkta);
    expect(await trackerOf('scim', { ip: '198.51.100.7', headers: entra })).not.toBe(fromOkta);
    expect(await trackerOf('scim', { ip: '198.51.100.7', headers: {} })).toBe('scim:none');
  });

  it('counts password reset requests per email address asked for, however it is written', async () => {
    const lower = await trackerOf('password-reset-email', { ip: '198.51.100.7', headers: {}, body: { email: 'ada@example.com' } });
    expect(await trackerOf('password-reset-email', { ip: '203.0.113.9', headers: {}, body: { email: ' Ada@Example.com ' } })).toBe(lower);
    expect(await trackerOf('password-reset-email', { ip: '198.51.100.7', headers: {}, body: { email: 'grace@example.com' } })).not.toBe(lower);
  });
});
