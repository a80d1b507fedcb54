import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../api/types';
import { mayTake } from './may-take';

const member = {
  user: { id: 'me', email: 'me@example.com', name: 'Me', emailVerified: true },
  permissions: { 'workflow.read': 'yes', 'workflow.delete': 'own', 'team.budget.edit': 'no' },
} as unknown as Pick<MeResponse, 'permissions' | 'user'>;

describe('mayTake', () => {
  it('shows `own` actions on the caller’s own workflows only', () => {
    expect(mayTake(member, 'workflow.delete', { createdBy: 'me' })).toBe(true);
    expect(mayTake(member, 'workflow.delete', { createdBy: 'someone else' })).toBe(false);
    expect(mayTake(member, 'workflow.delete', { createdBy: null })).toBe(false);
  });

  it('follows `yes` and `no` whoever created the resource', () => {
    expect(mayTake(member, 'workflow.read', { createdBy: 'someone else' })).toBe(true);
    expect(mayTake(member, 'team.budget.edit', { createdBy: 'me' })).toBe(false);
  });
});
